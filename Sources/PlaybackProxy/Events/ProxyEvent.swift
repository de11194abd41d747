import Networking

/// What the proxy tells a playback's listeners (``ProxiedPlayback/events()``).
///
/// ```swift
/// for await event in playback.events() {
///     switch event {
///     case .request(let record): requestLogView.append(record)
///     case .failed(let failure): statusBar.show(failure.description)   // "segment2.ts failed: HTTP 500 after 4 attempts"
///     case .tokenRefreshed: break
///     }
/// }
/// ```
public enum ProxyEvent: Sendable, Equatable {
    /// One player request answered (or given up): kind, upstream status, attempts (in
    /// `attempt`; 0 for a complete playlist served from the proxy's cache), milliseconds to the
    /// last byte, bytes, selected response headers.
    case request(RequestRecord)
    /// The pipeline gave up on a request the player made (a segment, key, init, playlist), or the
    /// origin broke off mid-body; the player got an error for it.
    case failed(ProxyFailure)
    /// The origin rejected the media token; a fresh one was fetched and used (the player did not notice).
    case tokenRefreshed
}
