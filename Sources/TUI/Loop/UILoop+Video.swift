import Foundation
import SystemSupport

/// The loop's side of terminal video: the pane's place after each ncurses update, a full repaint
/// when ncurses drew over it, and the terminal's writability while a frame is half written.
extension UILoop {
    static func makeVideo() -> TerminalVideo {
        let environment = ProcessInfo.processInfo.environment
        let sink = TTYVideoSink()
        let video = TerminalVideo(sink: sink, depth: ColorDepth.detect(environment: environment))
        video.group.link.isEnabled = sink != nil   // frames paced by the terminal's replies
        readCellShape(into: video)
        return video
    }

    /// The cell shape from the terminal's pixel size (TIOCGWINSZ), read at start and after every
    /// resize and resume: a font change or a move to another monitor changes it. A new shape
    /// changes ``TerminalVideo/geometry`` (the player renders at the new pixel aspect).
    static func readCellShape(into video: TerminalVideo) {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0 else { return }
        let (width, height, columns, rows) = (Int(size.ws_xpixel), Int(size.ws_ypixel), Int(size.ws_col), Int(size.ws_row))
        video.windowCellPixels = width > 0 && height > 0 && columns > 0 && rows > 0
            ? PixelSize(width: width / columns, height: height / rows) : nil
        let cell = video.windowCellPixels ?? video.graphics.cellPixels
        video.cellAspect = cell.map { VideoGeometry.cellAspect(pixelWidth: $0.width, pixelHeight: $0.height, columns: 1, rows: 1) } ?? 2
    }

    /// The name of the ``UIEvent/wake(_:)`` the delegate gets when the video pane's geometry changed
    /// (terminal resize, layout, cell shape): frames and stills are then needed at the new size,
    /// even while nothing else happens (a paused playback, a still).
    public static let videoResizedWake = "video-resized"

    /// Tells the delegate once per change of the pane's geometry, after the render that placed it.
    func reportVideoGeometry(to delegate: any UILoopDelegate) {
        let geometry = video.geometry
        guard geometry != reportedVideoGeometry else { return }
        reportedVideoGeometry = geometry
        deliver(.wake(Self.videoResizedWake), to: delegate)
    }

    /// When the pane stops showing video (a still goes, a playback is being prepared or failed)
    /// or moves (full-pane video on or off, a resize, a smaller picture over a slow link), the picture is not ncurses' to erase (it
    /// believes those cells blank and writes nothing there): the whole screen is drawn again, once.
    func eraseVideoIfGone(_ screen: ScreenSnapshot) {
        let showsVideo = screen.showsPlayerPane && layout.tooSmall == nil && screen.player?.showsVideo == true
        let moved = video.takePictureMoved()   // a smaller picture over a slow link, or the whole pane again
        if paneShowedVideo, moved || !showsVideo || layout.video != paneVideoRect { terminal.screen.invalidate() }
        paneShowedVideo = showsVideo
        paneVideoRect = layout.video
    }

    /// Frames may be drawn when the main screen shows the pane with video and nothing covers it.
    func placeVideo(_ screen: ScreenSnapshot) {
        let covered = screen.overlay != nil || screen.picker != nil   // help, request log, camera picker
        let visible = layout.tooSmall == nil && screen.showsPlayerPane && !covered && screen.player?.showsVideo == true
        let drewOver = terminal.screen.stagedRects.contains { $0.intersects(layout.video) }
        video.place(rect: layout.video, visible: visible, ncursesDrewOver: drewOver)
    }

    /// The terminal, for writing, while a frame is half written (else an ignored entry).
    var videoPollDescriptor: Poller.Descriptor {
        let pending = video.hasPending || tileVideos.contains { $0.hasPending }
        return .writable(pending ? video.sinkDescriptor ?? -1 : -1)
    }
}

extension Rect {
    /// True when the two rectangles share a cell.
    func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }
}

/// The terminal's input once frames ask for its status (``EndToEndPacer``): the loop reads it
/// itself, the replies go to the pacer and the rest (keys, mouse reports) to ncurses, in order.
/// While ncurses parses what it was given its own descriptor reads an empty pipe, so a reply
/// arriving meanwhile waits for the loop's next read and never turns into keys.
extension UILoop {
    /// Reads what the terminal sent. Returns false when it is gone (end of input).
    func readThroughLink(delegate: any UILoopDelegate) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return false }
        guard count > 0 else { return true }
        handOver(video.group.link.received(buffer[0..<count], now: .now), delegate: delegate)
        return true
    }

    /// The start of a reply that did not go on in time was a key (Escape, Alt-[).
    func releaseHeldInput(delegate: any UILoopDelegate) {
        handOver(video.group.link.replies.release(now: .now), delegate: delegate)
    }

    private func handOver(_ keys: [UInt8], delegate: any UILoopDelegate) {
        guard !keys.isEmpty else { return }
        withTerminalInput(keys) { handleInput(delegate: delegate) }
    }

    /// Runs `body` with ncurses' input descriptor on a pipe holding `keys` alone: ncurses reads
    /// them as it reads the terminal, so its keypad turns `ESC [ A` into Up (bytes pushed back with
    /// `ungetch` reach the application as they are: arrows, PgDn and Alt keys were lost while
    /// terminal video played).
    private func withTerminalInput(_ keys: [UInt8], _ body: () -> Void) {
        let fd = terminal.screen.inputDescriptor
        var ends: [Int32] = [-1, -1]
        guard fd >= 0, pipe(&ends) == 0 else {
            terminal.screen.pushBack(keys)
            return body()
        }
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        // Keys are a few bytes, far below a pipe's capacity: the write does not block.
        _ = keys.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        let saved = dup(fd)
        guard saved >= 0 else { return body() }
        defer { dup2(saved, fd); close(saved) }
        dup2(ends[0], fd)
        body()
    }
}
