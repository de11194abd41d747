import AppCore
import EventsAPI
import TUIState

extension TUICoordinator {
    /// One request for the cameras' health (``EventBackend/cameraHealth()``) off the UI thread;
    /// the answer comes back through the inbox. The state's ``CameraHealthBoard`` asks for the
    /// next only once this one came back. A failure is logged, not shown: health is a hint.
    func fetchCameraHealth() {
        let backend = services.backend, inbox = inbox, logger = services.logger
        Task {
            do {
                inbox.post(.cameraHealthLoaded(try await backend.cameraHealth()))
            } catch {
                logger.info("camera health could not be read", metadata: ["error": "\(UserFacing.message(for: error))"])
                inbox.post(.cameraHealthFailed)
            }
        }
    }
}
