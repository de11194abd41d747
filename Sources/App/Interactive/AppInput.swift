import EventsAPI
import TUI

/// Everything that changes ``AppState``: the user's actions, the player's updates, and the
/// results of the async work the coordinator ran for an ``AppEffect``.
enum AppInput: Sendable {
    case action(UserAction)
    /// One update of the current playback (updates of other playbacks are dropped before).
    case player(MPVUpdate.Kind)
    case signedIn(user: String)
    case signInFailed(message: String)
    /// A page for the fetch `generation` (a refresh starts a new generation).
    case pageLoaded(EventsPage, generation: Int)
    /// `needsSignIn`: the session is gone (show the form).
    case pageFailed(message: String, needsSignIn: Bool, generation: Int)
    /// The playback `generation` is prepared; the coordinator loaded it into the player.
    case prepared(generation: Int)
    case prepareFailed(message: String, generation: Int)
    /// The startup timeline of the current playback (after its first frame).
    case timeline([TimelineRow])
    /// The 1 s tick: expires messages.
    case tick
}
