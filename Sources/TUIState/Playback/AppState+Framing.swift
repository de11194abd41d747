import Foundation
import Player
import TUI

/// Zoom and pan of the picture (mpv's Alt keys): kept for the session, like the speed, so every
/// event plays framed the same way; the same in cells, sixel and mpv's window.
extension AppState {
    /// Applies `.zoom`, `.pan` or `.resetFraming`, says where the picture is now, and tells the player.
    mutating func changeFraming(_ action: UserAction, now: ContinuousClock.Instant) -> [AppEffect] {
        var framing = self.player.framing
        switch action {
        case .zoom(let step): framing.zoom(by: step)
        case .pan(let x, let y): framing.pan(x: x, y: y)
        case .resetFraming: framing = VideoFraming()
        default: return []
        }
        let changed = framing != self.player.framing
        self.player.framing = framing
        show(Self.framingText(framing), now: now)
        return changed ? [.player(.setFraming(framing))] : []
    }

    /// "Zoom 1.41× · pan 0.2, -0.1 (Alt-Backspace resets)", or "Zoom and pan reset".
    static func framingText(_ framing: VideoFraming) -> String {
        guard !framing.isIdentity else { return "Zoom and pan reset" }
        let zoom = String(format: "Zoom %.2f×", framing.factor)
        let pan = framing.panX == 0 && framing.panY == 0 ? "" : String(format: " · pan %.1f, %.1f", framing.panX, framing.panY)
        return zoom + pan + " (Alt-Backspace resets)"
    }
}
