import AppCore
import EventsAPI
import Foundation
import TUIState

extension TUICoordinator {
    /// Asks the server for everything it knows about `event` (the `i` box; a scored event's alarm
    /// frames for its playback), and with `coverage` the camera's recording from ten minutes before
    /// to ten minutes after it, where the server keeps such a record (a failure of that part leaves
    /// it out); the answer comes back as ``AppInput/detailsLoaded(_:)`` or
    /// ``AppInput/detailsFailed(eventID:message:)``.
    func fetchDetails(_ event: Event, coverage: Bool) {
        let inbox = inbox, backend = services.backend
        Task {
            do {
                var details = try await backend.details(of: event)
                if coverage {
                    let window = event.startTime.addingTimeInterval(-600)..<(event.endTime ?? Date()).addingTimeInterval(600)
                    if let spans = try? await backend.coverage(camera: event.camera, in: window) {
                        details.coverage = EventDetails.Coverage(window: window, spans: spans)
                    }
                }
                inbox.post(.detailsLoaded(details))
            } catch {
                inbox.post(.detailsFailed(eventID: event.id, message: UserFacing.message(for: error)))
            }
        }
    }
}
