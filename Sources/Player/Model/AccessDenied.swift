import PlaybackStates
/// The media server refused the token (HTTP 401 or 403): it expired or was revoked.
///
/// The player keeps going with what it has buffered; the owner fetches fresh tokens, builds a new
/// ``MediaSource`` and loads it at ``position`` while showing "refreshing access…".
///
/// ```swift
/// case .accessDenied(let denied):
///     statusBar.show("refreshing access…")
///     let source = try await app.refreshedSource(for: event)
///     try player.load(source, startAt: denied.position)
/// ```
public struct AccessDenied: Sendable, Equatable, CustomStringConvertible {
    /// 401 (no token) or 403 (wrong or expired token).
    public var status: Int
    /// Where to resume: the playback position when the refusal was seen.
    public var position: Double
    /// What mpv logged, e.g. "HTTP error 403 Forbidden" (tokens redacted).
    public var message: String

    public init(status: Int, position: Double, message: String) {
        self.status = status
        self.position = position
        self.message = message
    }

    public var description: String { "access denied (\(status)) at \(DurationText.clock(position)): \(message)" }
}
