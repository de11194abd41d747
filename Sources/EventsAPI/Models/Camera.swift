/// A camera as the backend lists it (``EventBackend/cameras()``), in the server's own order.
public struct Camera: Sendable, Hashable, Codable {
    /// Its name in the API (`front_door`).
    public var id: String
    /// As people read it (`Front Door`); events carry it as ``Event/cameraName``.
    public var name: String
    /// False for a camera switched off on the server.
    public var isEnabled: Bool
    /// False when the server keeps no recordings for it (no coverage, nothing to play at a moment).
    public var isRecording: Bool

    public init(id: String, name: String, isEnabled: Bool = true, isRecording: Bool = true) {
        self.id = id
        self.name = name
        self.isEnabled = isEnabled
        self.isRecording = isRecording
    }
}

/// A named set of cameras: one the server defines (Frigate's `camera_groups`), in its order, or
/// one of the config file's `[camera-sets]`.
public struct CameraGroup: Sendable, Hashable, Codable {
    public var name: String
    /// Camera ids (``Camera/id``), or for a config file's set the names the list shows.
    public var cameras: [String]

    public init(name: String, cameras: [String]) {
        self.name = name
        self.cameras = cameras
    }
}
