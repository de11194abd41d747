import Foundation

/// How the Frigate flavour of the demo backend behaves (``DemoConfiguration/frigate``).
///
/// ```swift
/// var configuration = DemoConfiguration()
/// configuration.flavor = .frigate
/// configuration.frigate.sessionLength = 120        // short sessions to see the cookie refresh
/// configuration.frigate.failedLoginRateLimit = "3/minute"
/// let server = try await DemoServer.start(configuration)
/// ```
public struct FrigateDemoOptions: Sendable {
    /// true: like Frigate's port 8971 (every request but /api/login needs the JWT: cookie
    /// `frigate_token` or `Authorization: Bearer`); false: like port 5000 (no auth, every request
    /// is admin, /api/login answers 404 {"message":"Authentication is disabled"} as Frigate does).
    public var requiresAuth = true
    /// Seconds a session (JWT) lasts: `auth.session_length`.
    public var sessionLength: TimeInterval = 86_400
    /// A cookie JWT this close to its expiry is renewed on the next request: `auth.refresh_time`.
    public var refreshTime: TimeInterval = 1_800
    /// What GET /api/version answers (text/plain). Below 0.17 the server behaves as 0.16 did:
    /// POST /api/reviews/viewed ignores `reviewed` (always marks reviewed) and /api/review ignores
    /// `reviewed=1`.
    public var version = "0.16.2-4d58206"
    /// Days of review items and recordings to generate before now.
    public var days: Double = 3
    /// `auth.failed_login_rate_limit`, in the `limits` syntax Frigate takes (e.g.
    /// `"1/second;5/minute;20/hour"`): every POST /api/login counts, from one client address, in fixed
    /// windows; over it the answer is 429 {"error":"Rate limit exceeded: 5 per 1 minute"}. nil (Frigate's
    /// default) limits nothing.
    public var failedLoginRateLimit: String? = nil
    /// Cameras (by name) that `GET /api/stats` reports capturing nothing (0 frames a second), as
    /// a camera Frigate cannot reach: `demo-server --offline-camera`. Their history stays.
    public var offlineCameras: Set<String> = []

    /// `semantic_search.enabled` in GET /api/config: GET /api/events/search answers (a plain text
    /// match, FrigateRouter+Search.swift) instead of 400 "Semantic search is not enabled".
    /// `demo-server --semantic-search`.
    public var semanticSearch = false

    /// The demo's camera names (what ``offlineCameras`` takes), in the config's order.
    public static var cameraNames: [String] { FrigateCamera.demo.map(\.name) }

    /// Frigate's defaults: auth on, 24 h sessions refreshed in their last 30 min, 3 days of history.
    public init() {}
}
