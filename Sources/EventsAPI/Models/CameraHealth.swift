/// A camera's state as its server reports it (``EventBackend/cameraHealth()``): Frigate's
/// `GET /api/stats` (`cameras.<name>.camera_fps`, `detection_fps`; 0 frames a second is offline),
/// ZoneMinder's `api/monitors.json` (`Monitor_Status.Status`, `CaptureFPS`).
///
/// ```swift
/// if let health = try await backend.cameraHealth()?.first(where: { $0.camera == "porch" }), !health.isOnline { … }
/// ```
public struct CameraHealth: Sendable, Hashable {
    /// The camera's id (``Camera/id``).
    public var camera: String
    /// False when the server says the camera sends nothing (0 frames a second, ZoneMinder's
    /// `NotRunning`/`Disconnected`).
    public var isOnline: Bool
    /// Frames a second the server captures from the camera, when it says.
    public var captureFPS: Double?
    /// Frames a second the server runs detection on (Frigate), when it says.
    public var detectionFPS: Double?
    /// The server's own word for the state (ZoneMinder's `Connected`, `NotRunning`), as it sent it
    /// (escape it before showing it).
    public var status: String?

    public init(camera: String, isOnline: Bool, captureFPS: Double? = nil, detectionFPS: Double? = nil, status: String? = nil) {
        self.camera = camera
        self.isOnline = isOnline
        self.captureFPS = captureFPS
        self.detectionFPS = detectionFPS
        self.status = status
    }
}
