import AppCore
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
            noteCameras(page.events)
            isLoading = false
            switch pageCursors.follow(page.nextCursor) {
            case .next(let cursor): nextCursor = cursor
            case .end: nextCursor = nil
            case .repeated(let cursor):
                // The list keeps what it has; paging stops until a refresh.
                nextCursor = nil
                show("Paging stopped: " + EventsAPIError.repeatedCursor(cursor, afterEvents: events.count).message, now: now)
            }
            if page.skipped > 0 { show("\(page.skipped) malformed event(s) skipped", now: now) }
            if let advanced = resolvePendingAdvance(now: now) { return advanced }
            return filterText.isEmpty ? fetchMoreIfNear() : []
        case .pageFailed(let text, let needsSignIn, let generation):
            guard generation == fetchGeneration else { return [] }
            isLoading = false
            if needsSignIn {
                var signIn = SignInForm()
                signIn.errorText = UserFacing.sentence(text)
                form = signIn
            } else {
                error = "Cannot load events: \(text)"
            }
            pendingAdvanceFailed(text)
        case .reviewedSaveFailed(let text):
            error = "Reviewed marks not saved: \(text)"
        default:
            break
        }
        return []
    }
}
