import AppCore
import EventsAPI
import TUIState

extension TUICoordinator {
    /// Asks the server for everything it knows about `event` (the `i` box; a scored event's alarm
    /// frames for its playback); the answer comes back as ``AppInput/detailsLoaded(_:)`` or
    /// ``AppInput/detailsFailed(eventID:message:)``.
    func fetchDetails(_ event: Event) {
        let inbox = inbox, backend = services.backend
        Task {
            do {
                inbox.post(.detailsLoaded(try await backend.details(of: event)))
            } catch {
                inbox.post(.detailsFailed(eventID: event.id, message: UserFacing.message(for: error)))
            }
        }
    }
}
