/// How big and how often a live picture should come (``EventBackend/live(camera:quality:)``): the
/// pane's height in pixels and the frames a second the link carries (the detail ladder). A server
/// that scales and paces its feed (Frigate's `h` and `fps`, ZoneMinder's `scale` and `maxfps`) is
/// asked for this; the player draws what arrives.
///
/// ```swift
/// let event = try await backend.live(camera: "front_door", quality: LiveQuality(height: 360, fps: 5))
/// ```
public struct LiveQuality: Sendable, Hashable {
    /// Pixels high (the server keeps the aspect).
    public var height: Int
    /// Frames a second, at least 1.
    public var fps: Int

    public init(height: Int, fps: Int) {
        self.height = max(1, height)
        self.fps = max(1, fps)
    }
}
