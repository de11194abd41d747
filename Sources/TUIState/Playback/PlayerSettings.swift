import AppCore
import Player

/// How every playback of the session plays and is drawn: kept across events (the player starts
/// each with them), and the identity of the last playback started (each start takes a new one, so
/// that the answers of an older one are dropped).
struct PlayerSettings: Sendable {
    /// The identity of the last playback started.
    var lastPlaybackID = 0
    var muted = false
    var volume = 100
    /// e.g. "terminal·half", "window" or "no video" (the status bar shows it).
    var videoModeText = ""
    /// e.g. "net: proxy".
    var networkText = ""
    /// Video is drawn in the pane (`--video terminal`, or auto without a display / over SSH).
    var isTerminalVideo = false
    /// `v` turns the terminal picture off and on.
    var isVideoOn = true
    /// Zoom and pan of the picture (Alt keys; AppState+Framing.swift).
    var framing = VideoFraming()
    /// The session's playback speed (`[` `]` `{` `}` Backspace); every playback starts with it.
    var speed = PlaybackSpeed.normal

    /// A new playback's identity (the one before is over).
    mutating func nextPlaybackID() -> PlaybackID {
        lastPlaybackID += 1
        return PlaybackID(rawValue: lastPlaybackID)
    }

    /// The pane draws video now: terminal video, switched on.
    var drawsVideo: Bool { isTerminalVideo && isVideoOn }
}
