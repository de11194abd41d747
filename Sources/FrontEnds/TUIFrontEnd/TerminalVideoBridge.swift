import AppCore
import Player
import TUI
import TUIState

/// Carries terminal video from the player to the TUI's video pane, on the UI thread: sizes the
/// player's software frames to the pane (mpv scales and letterboxes), hands each new frame to the
/// pane's writer (which drops frames the terminal cannot keep up with), and turns the picture on
/// and off without restarting playback (`v`).
///
/// ```swift
/// let bridge = TerminalVideoBridge(player: player, video: loop.video)
/// bridge.refresh()            // after every event the coordinator handles
/// ```
final class TerminalVideoBridge {
    let player: Player
    let video: TerminalVideo
    private var geometry: VideoGeometry?
    private var shownGeneration: UInt64 = 0
    /// The still in the pane instead of the player's frames (TerminalVideoBridge+Still.swift).
    var shownStill: String?
    /// Where stills come from (nil: no stills).
    var stills: StillLoader?
    /// The still asked for again at this key (the pane's geometry changed), once.
    var reloadedFor: String?

    init(player: Player, video: TerminalVideo) {
        self.player = player
        self.video = video
    }

    /// Sizes frames to the pane when it changed, and shows a new frame if there is one, or the
    /// still of `stillEventID` instead (the selected event's first frame while nothing plays).
    func refresh(still stillEventID: String? = nil) {
        let wanted = video.geometry
        if wanted != geometry {
            geometry = wanted
            player.setVideoOutputSize(width: wanted.pixelWidth, height: wanted.pixelHeight, pixelAspect: wanted.pixelAspect)
        }
        guard !showsStill(stillEventID) else { return }
        guard player.isVideoEnabled, let frame = player.videoFrame, frame.generation != shownGeneration else { return }
        shownGeneration = frame.generation
        frame.withPixels { _ = video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
    }

    /// Picture on or off; playback goes on either way.
    func setEnabled(_ enabled: Bool) {
        player.setVideoEnabled(enabled)
        if !enabled { video.clear() }
    }

    /// Another event starts: the previous one's still must not stay until the first frame.
    func clear() {
        video.clear()
        shownStill = nil
        shownGeneration = player.videoFrame?.generation ?? shownGeneration
    }

    /// Shows the player's latest frame again (a still covered it), kept until the pane shows video.
    func restorePlayerFrame() {
        video.clear()
        guard player.isVideoEnabled, let frame = player.videoFrame else { return }
        shownGeneration = frame.generation
        frame.withPixels { video.hold(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
    }
}
