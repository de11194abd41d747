/// How much of the media is ready, as IJKPlayer's load states (docs/playback.md).
/// Seconds buffered ahead are in ``PlaybackProgress/bufferedAhead``.
///
/// ```swift
/// if case .stalled(let percent) = player.snapshot.load { statusBar.show("buffering \(percent ?? 0)%") }
/// ```
public enum LoadState: Sendable, Hashable, CustomStringConvertible {
    /// Nothing loaded: before a load, after a stop or a failure.
    case unknown
    /// Opening: nothing has arrived from the server yet, for `waited` whole seconds since the
    /// load (counted up by the progress tick). Shown as "connecting…", then "waiting for the
    /// server (N s)"; after ``PlayerConfiguration/stallTimeout`` the playback fails with an
    /// error naming the host.
    case connecting(waited: Int)
    /// FILE_LOADED: the media opened and can play.
    case playable
    /// The end is cached (`demuxer-cache-state` eof-cached) or enough seconds are buffered ahead.
    case playthroughOK
    /// Waiting for data (`paused-for-cache=yes`) with mpv's `cache-buffering-state` percent.
    case stalled(bufferingPercent: Int?)

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .connecting(let waited) where waited < 1: "connecting…"
        case .connecting(let waited): "waiting for the server (\(waited) s)"
        case .playable: "playable"
        case .playthroughOK: "playthrough OK"
        case .stalled(let percent?): "stalled \(percent)%"
        case .stalled(nil): "stalled"
        }
    }
}
