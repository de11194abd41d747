import AppCore
import EventsAPI
import Foundation
import TUIState

extension TUICoordinator {
    /// One poll of the server (``EventBackend/changes(since:filter:inProgress:)``) off the UI
    /// thread; its answer comes back through the inbox. The state's ``FollowSchedule`` asks for
    /// the next only once this one came back, so polls never pile up.
    func follow(since: Date?, filter: EventFilter, inProgress: [Event], generation: Int) {
        let backend = services.backend, inbox = inbox
        Task {
            do {
                let changes = try await backend.changes(since: since, filter: filter, inProgress: inProgress)
                inbox.post(.followed(changes, generation: generation))
            } catch {
                inbox.post(.followFailed(message: UserFacing.message(for: error)))
            }
        }
    }
}
