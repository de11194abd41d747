/// How much of the media is ready, as IJKPlayer's load states (DESIGN.md §5 table).
/// Seconds buffered ahead are in ``PlaybackProgress/bufferedAhead``.
///
/// ```swift
/// if case .stalled(let percent) = player.snapshot.load { statusBar.show("buffering \(percent ?? 0)%") }
/// ```
public enum LoadState: Sendable, Hashable, CustomStringConvertible {
    /// Nothing loaded yet (opening), or unloaded.
    case unknown
    /// FILE_LOADED: the media opened and can play.
    case playable
    /// The end is cached (`demuxer-cache-state` eof-cached) or enough seconds are buffered ahead.
    case playthroughOK
    /// Waiting for data (`paused-for-cache=yes`) with mpv's `cache-buffering-state` percent.
    case stalled(bufferingPercent: Int?)

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .playable: "playable"
        case .playthroughOK: "playthrough OK"
        case .stalled(let percent?): "stalled \(percent)%"
        case .stalled(nil): "stalled"
        }
    }
}
