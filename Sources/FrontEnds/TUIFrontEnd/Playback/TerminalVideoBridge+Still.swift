import AppCore
import Player
import TUI

/// The selected event's still in the pane (while nothing plays): drawn once with the same cell
/// renderer as frames; when the pane's geometry changed the still is fetched again at the new
/// size; when the still goes, the player's last frame (the still of the last playback) comes back.
extension TerminalVideoBridge {
    /// Draws the still of `eventID` (nil: none, the player's frames show). True while a still
    /// takes the pane.
    func showsStill(_ eventID: String?) -> Bool {
        guard let eventID, let stills else {
            if shownStill != nil {
                shownStill = nil
                restorePlayerFrame()
            }
            return false
        }
        let geometry = video.geometry
        let key = "\(eventID) \(geometry.pixelWidth)x\(geometry.pixelHeight) \(geometry.pixelAspect)"
        guard key != shownStill else { return true }
        guard let picture = stills.picture(for: eventID, geometry: geometry) else {
            if reloadedFor != key {
                reloadedFor = key
                stills.reload(geometry: geometry)
            }
            return true
        }
        shownStill = key
        video.clear()
        picture.withPixels { video.hold(VideoPixels(bytes: $0, width: picture.width, height: picture.height, stride: picture.stride)) }
        return true
    }
}
