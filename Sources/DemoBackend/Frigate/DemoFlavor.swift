/// Which service the demo backend imitates.
///
/// ```swift
/// var configuration = DemoConfiguration()
/// configuration.flavor = .frigate          // Frigate's /api/…, /vod/…, /clips/… instead of /v1/…
/// let server = try await DemoServer.start(configuration)
/// ```
public enum DemoFlavor: String, Sendable, CaseIterable {
    /// The events API of docs/playback.md (`/v1/auth/…`, `/v1/events`, `/media/…`).
    case events
    /// A Frigate NVR behind its nginx (docs/demo.md, "Frigate flavour").
    case frigate
}
