import Foundation
import Logging

/// How a ``DemoServer`` is started.
///
/// ```swift
/// var configuration = DemoConfiguration()
/// configuration.accessTokenLifetime = 1      // expire quickly in a test
/// let server = try await DemoServer.start(configuration)
/// ```
public struct DemoConfiguration: Sendable {
    /// Address to bind; `0.0.0.0` serves other machines too.
    public var host = "127.0.0.1"
    /// Port to bind; 0 picks a free one (read it back from ``DemoServer/baseURL``).
    public var port = 0
    /// The second loopback listener (a free port) serving "storage" and "CDN" for the demo events
    /// `evt-redirect-storage` and `evt-cdn-segments`; nil starts none (those events then answer 503).
    public var secondHost: String? = "127.0.0.2"
    /// Seconds an access token stays valid (`expiresIn` of sign-in and refresh).
    public var accessTokenLifetime: TimeInterval = 900
    /// Seconds a media (bucket) token stays valid; `/v1/events/tokens` then issues a new one.
    public var mediaTokenLifetime: TimeInterval = 3600
    /// How many `gen-NNNNN` events to generate over the last 60 days.
    public var generatedEventCount = 3000
    /// Over how many days before now the generated events are spread (nil: the catalog's 60).
    public var generatedSpanDays: Double? = nil
    /// The `Resources` directory (holding `demo/catalog.json`). `nil`: `$EVENTPLAYER_RESOURCES`,
    /// then next to the executable (`<exe dir>/../share/eventplayer`, `<exe dir>/Resources`),
    /// then the repository's `Resources/` found from this source file's path.
    public var resourcesDirectory: URL? = nil
    /// Seconds between two segments appearing in `evt-live`'s playlist (the segment duration, 2 s).
    /// Tests may shorten it; the media itself stays 2 s per segment.
    public var liveSegmentInterval: TimeInterval = 2
    /// Level of the server's own log messages (Hummingbird's and this module's).
    public var logLevel: Logger.Level = .error
    /// Which service the server imitates: the events API (default) or a Frigate NVR, whose routes
    /// then replace the events routes on the main listener.
    public var flavor: DemoFlavor = .events
    /// The Frigate flavour's settings (used when ``flavor`` is `.frigate`).
    public var frigate = FrigateDemoOptions()
    /// Seconds between two new events while the server runs (both flavours; `demo-server
    /// --new-events-every`), for clients that follow it: the k-th starts k × this after the
    /// start and is in progress for its first 12 s. nil: the events stay as they were at start.
    public var newEventsEvery: TimeInterval? = nil
    /// The moment the demo's events and review items are made around (`demo-server --started-at`,
    /// whole seconds); nil: now. A demo started again with the same moment serves the same
    /// history, as a real server restarted keeps its database.
    public var startedAt: Date? = nil
    /// HTTPS on the main listener (certificate and key PEM files, ``DemoTLS``); nil: plain http.
    public var tls: DemoTLS? = nil

    /// The defaults: loopback, a free port, 15 min access tokens, 1 h media tokens, 3000 events.
    public init() {}
}
