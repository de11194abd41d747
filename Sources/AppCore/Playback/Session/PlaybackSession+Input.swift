import EventsAPI
import PlaybackStates
import Player
import Playlist

extension PlaybackSession {
    /// What happens to a playback: the front end's requests, async results, the player's updates.
    public enum Input: Sendable {
        /// Start (or, once finished, start again) at `at` seconds.
        case start(at: Double)
        /// Preparation `attempt` is done.
        case prepared(PreparedPlayback, attempt: Int)
        /// Preparation `attempt` failed; the message is for the user.
        case prepareFailed(String, attempt: Int)
        /// Renewal `attempt` is done: the event as the backend has it now.
        case renewed(Event, attempt: Int)
        /// Renewal `attempt` failed (the server is unreachable, the event is gone); the message is for the user.
        case renewFailed(String, attempt: Int)
        /// The backend's answer to ``Effect/checkGone(attempt:)`` `attempt`: its words when the
        /// event is no longer on the server, nil when it is (or the backend could not say).
        case checkedGone(String?, attempt: Int)
        /// The player rejected the load (an option, or mpv could not start).
        case loadFailed(String)
        /// One update of this playback from the player.
        case player(PlayerUpdate.Kind)
        /// The network layer gave up on a request of this playback (e.g. "segment2.ts failed: HTTP
        /// 500 after 4 attempts"): said at once, and named again if the playback ends in an error.
        case notice(String)
        /// The user stopped it, quit, or started another event.
        case stop
        /// A transport command from the front end (see ``PlaybackSession/handle(_:)``: `play` after
        /// a stop or an error starts the playback again).
        case command(PlayerCommand)
    }

    /// Work for the ``PlaybackRunner``.
    public enum Effect: Sendable {
        /// Prepare the event (tokens, playlist, private files); `refreshTokens` after a refusal.
        case prepare(refreshTokens: Bool, attempt: Int)
        /// Ask the backend for the event as it is now (``EventsAPI/EventBackend/refreshed(_:)``),
        /// after waiting `after`; the answer comes back as ``Input/renewed(_:attempt:)`` or
        /// ``Input/renewFailed(_:attempt:)``.
        case renew(attempt: Int, after: Duration)
        /// The playback failed: ask the backend whether the event is still on the server
        /// (``EventsAPI/EventBackend/refreshed(_:)`` throwing ``EventsAPI/EventsAPIError/Code/eventGone``);
        /// the answer comes back as ``Input/checkedGone(_:attempt:)``.
        case checkGone(attempt: Int)
        /// Give the player this prepared playback, starting at `startAt` seconds.
        case load(PreparedPlayback, startAt: Double)
        /// Stop the player (it destroys the mpv handle).
        case stopPlayer
        /// Send the player a transport command.
        case perform(PlayerCommand)
        /// Remove the private files of a prepared playback.
        case remove(PreparedPlayback)
        /// Tell the front end.
        case publish(PlaybackUpdate.Kind)
    }
}
