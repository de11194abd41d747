import AppCore
import EventsAPI
import Foundation
import TUI
import TUIState

extension TUICoordinator {
    /// What running effects led to: leave, or go on with the inputs they produced.
    enum EffectsOutcome {
        case quit
        case `continue`([AppInput])
    }

    /// Runs effects in order; playback effects answer at once with the playback's updates.
    func run(_ effects: [AppEffect]) -> EffectsOutcome {
        var produced: [AppInput] = []
        for effect in effects {
            switch effect {
            case .quit: return .quit
            case .signIn(let email, let password): signIn(email: email, password: password)
            case .fetchPage(let cursor, let generation, let filter): fetchPage(cursor: cursor, generation: generation, filter: filter)
            case .startExport(let event): startExport(event)
            case .startPlayback(let event, let id, let startAt):
                video?.clear()
                produced += runner.start(event, as: id, at: startAt).map(AppInput.playback)
            case .setVideo(let enabled):
                produced += runner.perform(.setVideoEnabled(enabled)).map(AppInput.playback)
                video?.setEnabled(enabled)
            case .saveSnapshot(let event, let id, let position):
                produced += saveSnapshot(of: event, id: id, position: position)
            case .loadStill(let event):
                loadStill(event)
            case .cancelStill:
                video?.stills?.cancel()
            case .player(let command):
                produced += runner.perform(command).map(AppInput.playback)
            case .saveReviewed(let id, let isReviewed):
                saveReviewed(id: id, isReviewed: isReviewed)
            }
        }
        return .continue(produced)
    }

    private func signIn(email: String, password: String) {
        let client = services.client, inbox = inbox
        signInTask = Task {
            do {
                let session = try await client.signIn(email: email, password: password)
                inbox.post(.signedIn(user: session.user.name))
            } catch {
                inbox.post(.signInFailed(message: UserFacing.message(for: error)))
            }
        }
    }

    private func fetchPage(cursor: String?, generation: Int, filter: EventFilter) {
        if cursor == nil { pageTask?.cancel() }
        let client = services.client, inbox = inbox
        pageTask = Task {
            do {
                let page = try await client.events(cursor: cursor, limit: AppState.pageSize, filter: filter)
                inbox.post(.pageLoaded(page, generation: generation))
            } catch {
                guard !Task.isCancelled else { return }
                inbox.post(.pageFailed(message: String(describing: error),
                                       needsSignIn: UserFacing.needsSignIn(error), generation: generation))
            }
        }
    }
}
