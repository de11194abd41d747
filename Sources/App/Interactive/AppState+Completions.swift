import EventsAPI
import TUI

extension AppState {
    /// Results of async work; those of an older fetch or playback generation are dropped.
    mutating func applyCompletion(_ input: AppInput, now: ContinuousClock.Instant) -> [AppEffect] {
        switch input {
        case .signedIn(let name):
            form = nil
            user = name
            return beginRefresh()
        case .signInFailed(let text):
            form?.isBusy = false
            form?.errorText = text
        case .pageLoaded(let page, let generation):
            guard generation == fetchGeneration else { return [] }
            let known = Set(events.map(\.id))
            events += page.events.filter { !known.contains($0.id) }
            nextCursor = page.nextCursor
            isLoading = false
            if page.skipped > 0 { show("\(page.skipped) malformed event(s) skipped", now: now) }
            return filterText.isEmpty ? fetchMoreIfNear() : []
        case .pageFailed(let text, let needsSignIn, let generation):
            guard generation == fetchGeneration else { return [] }
            isLoading = false
            if needsSignIn {
                var signIn = SignInForm()
                signIn.errorText = text
                form = signIn
            } else {
                error = "Cannot load events: \(text)"
            }
        case .prepared(let generation):
            guard var model = playback, model.generation == generation, model.isPreparing else {
                return [.discard(generation: generation)]
            }
            model.isPreparing = false
            playback = model
            return [.load(generation: generation)]
        case .prepareFailed(let text, let generation):
            guard var model = playback, model.generation == generation else { return [] }
            model.isPreparing = false
            model.kind = .stopped
            model.finish = .error(message: text)
            playback = model
            error = "Cannot play \(model.event.id): \(text)"
        case .timeline(let rows):
            playback?.timeline = rows
        default:
            break
        }
        return []
    }
}
