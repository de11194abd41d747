import PlaybackStates
import Player

/// What a front end hears about a playback, tagged with its identity, with the session's account
/// of it after the change (``session``: position, duration, finish; kept by the session alone).
/// The TUI turns these into its state; `play` prints them as lines.
///
/// ```swift
/// for update in runner.drain() where update.id == current {
///     switch update.kind {
///     case .refreshing(let denied): print("refreshing access… (\(denied.status))")
///     case .finished(let reason): print("finished: \(reason)")
///     default: break
///     }
/// }
/// ```
public struct PlaybackUpdate: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Tokens and playlist are being prepared.
        case preparing
        /// The player has it (after a prepare or a refresh).
        case loaded
        /// Media requests were refused; fresh tokens are being fetched.
        case refreshing(AccessDenied)
        /// A state, progress, audio or first-frame update from the player.
        case player(PlayerUpdate.Kind)
        /// The network layer gave up on one of its requests (which, and why).
        case notice(String)
        /// The current download rate through the playback proxy (at most once a second, only
        /// while bytes flow).
        case downloadRate(bytesPerSecond: Double)
        /// Where the startup time went (after the first frame).
        case timeline(StartupTimeline)
        /// The playback finished; its private files are gone.
        case finished(FinishReason)
        /// It plays again after it ended (a seek back or play from the start; keep-open kept the
        /// file): "ended" no longer holds.
        case resumed
    }

    public var id: PlaybackID
    public var kind: Kind
    /// The session's position, duration and finish after this update.
    public var session: PlaybackSession.Snapshot

    public init(_ id: PlaybackID, _ kind: Kind, session: PlaybackSession.Snapshot) {
        self.id = id
        self.kind = kind
        self.session = session
    }
}
