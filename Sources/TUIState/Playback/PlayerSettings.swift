import AppCore
import Foundation
import Player
import TUI

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
    /// Zoom and pan of the picture (Alt keys).
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

    /// The keys that change how every playback plays or is drawn: `v` (the terminal picture off
    /// and on), zoom and pan (mpv's Alt keys), the speed (mpv's `[` `]` `{` `}` Backspace). They
    /// belong to the session: kept across events and sent even before the first playback. Says
    /// what changed; nil for other keys.
    mutating func reduce(_ action: UserAction, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect]? {
        switch action {
        case .cycleVideo:
            guard isTerminalVideo else { return [] }
            isVideoOn.toggle()
            status.show(isVideoOn ? "Video on" : "Video off (playback goes on; v turns it back on)", now: now)
            return [.setVideo(enabled: isVideoOn)]
        case .zoom, .pan, .resetFraming:
            var framing = self.framing
            switch action {
            case .zoom(let step): framing.zoom(by: step)
            case .pan(let x, let y): framing.pan(x: x, y: y)
            default: framing = VideoFraming()
            }
            let changed = framing != self.framing
            self.framing = framing
            status.show(Self.framingText(framing), now: now)
            return changed ? [.player(.setFraming(framing))] : []
        case .multiplySpeed(let factor): return changeSpeed(to: speed.value * factor, status: &status, now: now)
        case .resetSpeed: return changeSpeed(to: 1, status: &status, now: now)
        default: return nil
        }
    }

    /// Sets the speed to `requested`, clamped to ``PlaybackSpeed/range`` (and then says so).
    private mutating func changeSpeed(to requested: Double, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        let wanted = PlaybackSpeed(requested)
        let changed = wanted != speed
        speed = wanted
        if PlaybackSpeed.range.contains(requested) {
            status.show("Speed \(wanted.text)", now: now)
        } else {
            status.show("Speed \(wanted.text): the \(requested < 1 ? "slowest" : "fastest") there is", now: now)
        }
        return changed ? [.player(.setSpeed(wanted.value))] : []
    }

    /// The volume `delta` steps louder (0 to 130, as mpv).
    mutating func changeVolume(by delta: Int) -> [AppEffect] {
        volume = max(0, min(130, volume + delta))
        return [.player(.setVolume(Double(volume)))]
    }

    /// "Zoom 1.41× · pan 0.2, -0.1 (Alt-Backspace resets)", or "Zoom and pan reset".
    static func framingText(_ framing: VideoFraming) -> String {
        guard !framing.isIdentity else { return "Zoom and pan reset" }
        let zoom = String(format: "Zoom %.2f×", framing.factor)
        let pan = framing.panX == 0 && framing.panY == 0 ? "" : String(format: " · pan %.1f, %.1f", framing.panX, framing.panY)
        return zoom + pan + " (Alt-Backspace resets)"
    }
}
