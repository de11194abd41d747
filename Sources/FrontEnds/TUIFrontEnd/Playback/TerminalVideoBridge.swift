import AppCore
import Player
import TUI
import TUIState

/// Carries terminal video from a runner's frames to the TUI's video pane, on the UI thread: asks
/// for frames at the pane's size (mpv scales and letterboxes), hands each new frame to the pane's
/// writer (which drops frames the terminal cannot keep up with), and blanks the pane while the
/// picture is off (`v`; the coordinator sends the runner `.setVideoEnabled`).
///
/// ```swift
/// let bridge = TerminalVideoBridge(frames: runner.frames, video: loop.video)
/// bridge.refresh()            // after every event the coordinator handles
/// ```
final class TerminalVideoBridge {
    let frames: any VideoFrameSource
    let video: TerminalVideo
    /// False while the picture is off.
    private(set) var isEnabled = true
    private var shownGeneration: UInt64 = 0
    /// The still in the pane instead of the player's frames (TerminalVideoBridge+Still.swift).
    var shownStill: String?
    /// Where stills come from (nil: no stills).
    var stills: StillLoader?
    /// The still asked for again at this key (the pane's geometry changed), once.
    var reloadedFor: String?
    /// The player's frames drawn so far (a live view's rate is measured from it).
    private(set) var framesDrawn = 0

    init(frames: any VideoFrameSource, video: TerminalVideo) {
        self.frames = frames
        self.video = video
    }

    /// The latest frame, asked for at the pane's current size (frames follow a new size).
    private var latestFrame: SoftwareFrame? {
        let wanted = video.geometry
        return frames.latestFrame(width: wanted.pixelWidth, height: wanted.pixelHeight, pixelAspect: wanted.pixelAspect)
    }

    /// Keeps frames sized to the pane, and shows a new frame if there is one, or the still of
    /// `stillEventID` instead (the selected event's first frame while nothing plays).
    func refresh(still stillEventID: String? = nil) {
        let frame = latestFrame
        guard !showsStill(stillEventID) else { return }
        guard isEnabled, let frame, frame.generation != shownGeneration else { return }
        shownGeneration = frame.generation
        let drawn = frame.withPixels { video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
        if drawn { framesDrawn += 1 }
    }

    /// Picture on or off (the player was told through the runner); playback goes on either way.
    func setEnabled(_ enabled: Bool) {
        isEnabled = enabled
        if !enabled { video.clear() }
    }

    /// Another event starts: the previous one's still must not stay until the first frame.
    func clear() {
        video.clear()
        shownStill = nil
        shownGeneration = latestFrame?.generation ?? shownGeneration
    }

    /// Shows the player's latest frame again (a still covered it), kept until the pane shows video.
    func restorePlayerFrame() {
        video.clear()
        guard isEnabled, let frame = latestFrame else { return }
        shownGeneration = frame.generation
        frame.withPixels { video.hold(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
    }
}
