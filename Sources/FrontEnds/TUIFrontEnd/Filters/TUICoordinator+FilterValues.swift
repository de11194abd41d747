import AppCore
import EventsAPI
import TUIState

// MARK: - Labels and zones (o, z)

extension TUICoordinator {
    /// The labels and zones the server offers for `cameras` (nil: every camera), for the picker
    /// `o` or `z` waits to open; they come back as ``AppInput/filterValuesLoaded(_:)``, a failure as
    /// ``AppInput/filterValuesFailed(_:)`` with the reason as the user reads it.
    func fetchFilterValues(cameras: [String]?) {
        let backend = services.backend, inbox = inbox
        Task {
            do {
                inbox.post(.filterValuesLoaded(try await backend.filterValues(cameras: cameras)))
            } catch {
                inbox.post(.filterValuesFailed(UserFacing.message(for: error)))
            }
        }
    }
}
