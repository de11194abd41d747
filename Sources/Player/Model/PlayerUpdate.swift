import PlaybackStates
/// One change the owner's loop applies, returned by ``Player/drain()`` and ``Player/tick(now:)``.
/// Updates of a playback other than the current one are never returned (stale events are
/// dropped at the boundary), except the `.ended(.stopped)` of the playback a load replaces.
///
/// ```swift
/// for update in player.drain() {
///     switch update.kind {
///     case .playback(let state): model.playback = state
///     case .ended(let end): session.follow(end)   // the session decides the finish reason
///     case .accessDenied(let denied): app.refreshAccess(resumingAt: denied.position)
///     default: break
///     }
/// }
/// ```
public struct PlayerUpdate: Sendable, Equatable, CustomStringConvertible {
    /// What changed.
    public enum Kind: Sendable, Equatable {
        /// The playback state changed.
        case playback(PlaybackState)
        /// The load state changed.
        case load(LoadState)
        /// Position, duration or buffered seconds changed (1 s ticks, seeks, stop, load).
        case progress(PlaybackProgress)
        /// `mute` or `volume` changed.
        case audio(muted: Bool, volume: Double)
        /// The first frame is ready (the first PLAYBACK_RESTART of this playback).
        case firstFrame
        /// The media stopped: end of file, a failure, a stall, or a stop (facts; the owner decides
        /// what they mean).
        case ended(PlaybackEnd)
        /// Playback goes on after an end of file (keep-open kept the file: a seek back, or play
        /// from the start): the end reported before no longer holds.
        case resumedAfterEnd
        /// Media requests are refused (401/403): refresh tokens and reload at `position`.
        case accessDenied(AccessDenied)
        /// A ``Player/saveScreenshot(to:)`` finished: `error` is nil when the PNG is at `path`.
        case screenshot(path: String, error: String?)
    }

    /// The playback this update belongs to.
    public var playbackID: PlaybackID
    /// What changed.
    public var kind: Kind

    public init(_ playbackID: PlaybackID, _ kind: Kind) {
        self.playbackID = playbackID
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .playback(let state): "\(playbackID) playback \(state)"
        case .load(let state): "\(playbackID) load \(state)"
        case .progress(let progress): "\(playbackID) progress \(progress)"
        case .audio(let muted, let volume): "\(playbackID) audio \(muted ? "muted" : "unmuted") volume \(Int(volume))"
        case .firstFrame: "\(playbackID) first frame"
        case .ended(let end): "\(playbackID) ended: \(end)"
        case .resumedAfterEnd: "\(playbackID) resumed after the end"
        case .accessDenied(let denied): "\(playbackID) \(denied)"
        case .screenshot(let path, let error): "\(playbackID) screenshot \(path)\(error.map { " failed: \($0)" } ?? "")"
        }
    }
}
