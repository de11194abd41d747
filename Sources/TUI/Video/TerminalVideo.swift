import Foundation
import PlaybackStates

/// Terminal video in the video pane, drawn by us between ncurses updates (``UILoop/video``).
///
/// Why not ncurses: a frame has hundreds of distinct colours and ncurses draws colours through
/// colour pairs (at most 32767 or 65535 extended ones, `init_extended_pair` is slow and its cache
/// must be evicted mid-frame, and with 256 colours alone the pairs run out at one frame). We
/// write the changed cells ourselves, as 24-bit or palette SGR, inside synchronized output and
/// DECSC/DECRC so ncurses' cursor and attributes stay as it believes. ncurses keeps the pane
/// blank (``PlayerSnapshot/showsVideo``); whenever it redraws over the pane (an overlay closes,
/// resize, Ctrl-Z/fg) the loop repaints the whole pane from the last cells, and while an overlay
/// covers it no frame is written.
///
/// ```swift
/// let geometry = loop.video.geometry                          // size the player's frames
/// player.setVideoOutputSize(width: geometry.pixelWidth, height: geometry.pixelHeight,
///                           pixelAspect: geometry.pixelAspect)
/// frame.withPixels { loop.video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
/// ```
public final class TerminalVideo {
    /// How cells show pixels, as chosen (`--video-glyphs`); changing it forgets the picture (the
    /// next frame is full). What the pane draws now may be less (``ladder``).
    public var glyphs: VideoGlyphs { didSet { if glyphs != oldValue { climb(pixels: chosenPixels) } } }
    /// Colours used; changing it forgets the picture.
    public var depth: ColorDepth { didSet { rebuild() } }
    /// Cell height / width (2 unless the terminal reports its pixel size).
    public var cellAspect: Double = 2
    /// A cell's size in the terminal's pixels from `TIOCGWINSZ`, nil when it reports none.
    var windowCellPixels: PixelSize?
    /// What the terminal said it draws (``GraphicsProbe``; nothing until it answered).
    public private(set) var graphics = TerminalGraphics()
    /// The real pixels (sixel or kitty images) the terminal can draw and the pane draws when the
    /// link allows; nil for cells.
    public private(set) var chosenPixels: PixelProtocol?
    /// How much detail the pane draws over the link it has (Link/DetailLadder.swift): the chosen
    /// pixels or glyphs, or less while the link is too slow for them.
    private(set) var ladder: DetailLadder
    /// The pane shows real pixels (sixel or kitty images) now rather than cells; nil for cells.
    public var pixelProtocol: PixelProtocol? { ladder.step.pixels }
    /// The picture's place in the pane changed (a smaller picture, or the whole pane again): what
    /// it covered before is not ncurses' to erase, so the loop draws the screen again
    /// (``takePictureMoved()``).
    private var pictureMoved = false
    /// The time (a seam for tests of the link's pacing and detail).
    var clock: () -> ContinuousClock.Instant = { .now } { didSet { writer?.clock = clock } }
    private var writer: VideoPaneWriter?
    private let sink: (any VideoSink)?
    /// The pane on screen and whether frames may be drawn there now (no overlay, video shown).
    private(set) var rect = Rect.zero
    private(set) var isVisible = false
    /// A still waiting to be drawn (TerminalVideo+Still.swift).
    var held: PixelCopy?
    /// The latest frame offered while another pane of the ``group`` was half way through one:
    /// written as soon as none is (``PaneGroup/flush()``, or the next ``place``), unless a newer
    /// frame comes first (then it counts as dropped). Without it a tile offered at the wrong
    /// moment would wait for its player's next frame.
    private var waiting: PixelCopy?
    /// When ``waiting`` began, in the group's turns (the longest waiting is written first).
    private(set) var waitingSince = 0
    /// Which pane this is: one ``TerminalVideo`` per pane, each with its own encoder, writer and
    /// picture; kitty images are per pane by this id (panes never replace each other's image).
    let paneID: Int
    /// The panes writing to the same terminal (this one included): a frame is written only while
    /// none of them is half way through one, so escape sequences never interleave.
    private(set) var group: PaneGroup

    init(sink: (any VideoSink)?, glyphs: VideoGlyphs = .half, depth: ColorDepth, paneID: Int = 1, group: PaneGroup? = nil) {
        self.sink = sink
        self.glyphs = glyphs
        self.depth = depth
        self.paneID = paneID
        self.group = group ?? PaneGroup()
        ladder = DetailLadder(pixels: nil, glyphs: glyphs)
        rebuild()
        self.group.panes.append(self)
    }

    /// Another pane on the same terminal (a montage tile): the same output, colours, cell shape
    /// and drawing mode, its own picture (kitty images by `paneID`).
    func sibling(paneID: Int) -> TerminalVideo {
        let video = TerminalVideo(sink: sink, glyphs: glyphs, depth: depth, paneID: paneID, group: group)
        video.follow(self)
        return video
    }

    /// Takes `other`'s glyphs, cell shape and drawing mode when they differ (the probe decided,
    /// the font changed).
    func follow(_ other: TerminalVideo) {
        if glyphs != other.glyphs { glyphs = other.glyphs }
        if depth != other.depth { depth = other.depth }
        cellAspect = other.cellAspect
        windowCellPixels = other.windowCellPixels
        if graphics != other.graphics || chosenPixels != other.chosenPixels {
            use(other.chosenPixels, graphics: other.graphics)
        }
    }

    private func rebuild() {
        writer?.forget()
        let encoder: any PaneEncoder = switch pixelProtocol {
        case .sixel: SixelPaneEncoder(colorRegisters: graphics.colorRegisters)
        case .kitty: KittyPaneEncoder(imageID: paneID, transport: graphics.kittySharedMemory ? .sharedMemory : .direct)
        case nil: CellPaneEncoder(glyphs: ladder.step.glyphs, depth: depth)
        }
        writer = sink.map { VideoPaneWriter(sink: $0, encoder: encoder) }
        writer?.link = group.link
        writer?.clock = clock
    }

    /// A new ladder for `pixels` and the chosen glyphs, unless its steps are the ones in use (the
    /// terminal was asked again after a resize: a link too slow for the pixels still is).
    private func climb(pixels: PixelProtocol?) {
        chosenPixels = pixels
        let fresh = DetailLadder(pixels: pixels, glyphs: glyphs)
        if fresh.steps != ladder.steps { ladder = fresh }
        rebuild()
    }

    /// The ladder changed step: the next frame comes at the new step's size and drawing mode.
    private func stepChanged() {
        writer?.finishPending()
        pictureMoved = true
        held = nil
        waiting = nil
        rebuild()
    }

    /// True once after the picture's place in the pane changed (the loop then draws the screen again).
    func takePictureMoved() -> Bool {
        defer { pictureMoved = false }
        return pictureMoved
    }

    /// Draws images in `pixels` (sixel or kitty) or, for nil, cells from now on, with what the
    /// terminal said of itself. Images need the cell size in pixels (from `TIOCGWINSZ` or the
    /// terminal's answer); without it the pane keeps cells. Returns what is in use.
    @discardableResult
    public func use(_ pixels: PixelProtocol?, graphics: TerminalGraphics) -> PixelProtocol? {
        self.graphics = graphics
        climb(pixels: cellPixels != nil ? pixels : nil)
        return pixelProtocol
    }

    /// Takes the picture off the screen before the terminal is handed back (suspend, exit): an
    /// image above the text would stay. The next repaint shows it again.
    public func hide() { writer?.hide() }

    /// A cell's size in pixels: the window's, else what the terminal answered.
    var cellPixels: PixelSize? { windowCellPixels ?? graphics.cellPixels }

    /// How the pane draws, for the status bar: "sixel", "kitty", or the glyphs ("half", "sextant"),
    /// with the reason when a slow link took detail away ("half, link too slow for sixel", "half,
    /// small picture, link too slow for sextant"). While a slow link sets the pace, what it allows
    /// follows (`half · link 95 kB/s · 4 fps`).
    public var modeName: String {
        let mode = ladder.name
        return group.linkText(now: .now).map { "\(mode) · \($0)" } ?? mode
    }

    /// The pixel size and shape frames should have for the current pane.
    public var geometry: VideoGeometry { geometry(pane: rect) }

    /// The frames a second that reached the terminal while the link sets the pace (it held
    /// frames back: ``EndToEndPacer/linkText(now:)``); nil while the link keeps up. A live
    /// view asks its server for no more than this.
    public var linkFramesPerSecond: Double? {
        let link = group.link
        guard link.isEnabled, link.pacer.linkText(now: .now) != nil else { return nil }
        return link.pacer.framesPerSecond(now: .now)
    }

    /// The pixel size and shape frames would have in a pane at `pane` (a montage's tile before it
    /// is placed): the picture's cells at the ladder's step.
    func geometry(pane: Rect) -> VideoGeometry {
        let picture = ladder.pictureRect(in: pane)
        return VideoGeometry(columns: picture.width, rows: picture.height, glyphs: ladder.step.glyphs, cellAspect: cellAspect,
                             cellPixels: pixelProtocol != nil ? cellPixels : nil)
    }

    /// Where the picture is drawn: the pane, or a smaller part of it over a slow link.
    var pictureRect: Rect { ladder.pictureRect(in: rect) }

    /// Frames delivered, dropped (the terminal was behind) and bytes written so far.
    public var statistics: (delivered: Int, dropped: Int, bytes: Int) {
        let s = writer?.statistics ?? .init()
        return (s.delivered, s.dropped, s.bytes)
    }

    /// Draws a frame (only the cells that changed). Ignored while the pane is hidden or when the
    /// frame's size is not ``geometry``'s (a resize is under way); dropped when the terminal is
    /// behind. Returns true when written. When the link proves too slow for the frames (each holds
    /// it for more than 0.1 s, so every key would wait that long) the pane draws with less detail
    /// from the next frame on, and with more again when the link allows (``DetailLadder``; the
    /// geometry changes, so frames come at the new step's size).
    @discardableResult
    public func show(_ pixels: VideoPixels) -> Bool {
        let geometry = geometry
        guard isVisible, geometry.showsVideo, pixels.width == geometry.pixelWidth, pixels.height == geometry.pixelHeight,
              let writer else { return false }
        // Continued in the background (`bg`), frames may come before the loop hears of it: the
        // terminal is the shell's (one tcgetpgrp a frame).
        guard Terminal.isForeground else {
            leaveTerminal()
            return false
        }
        if group.panes.contains(where: { $0 !== self && $0.hasPending }) {
            group.panes.forEach { $0.flushPending() }
            if group.panes.contains(where: { $0 !== self && $0.hasPending }) {
                if waiting != nil { _ = writer.drop() } else { waitingSince = group.nextTurn() }
                waiting = PixelCopy(pixels)
                return false
            }
        }
        if waiting != nil {   // a newer frame goes first: the one that waited is dropped
            waiting = nil
            _ = writer.drop()
        }
        if ladder.reconsider(rate: writer.isRateMeasuredEndToEnd ? writer.linkRate : nil, now: clock()) {
            stepChanged()   // the link allows more: this frame is of the old size
            return false
        }
        let picture = pictureRect
        let shown = writer.offer(pixels, columns: picture.width, rows: picture.height, left: picture.x, top: picture.y)
        if shown, ladder.judge(frameBytes: writer.lastFrameBytes, rate: writer.linkRate,
                               measuredEndToEnd: writer.isRateMeasuredEndToEnd, now: clock()) {
            stepChanged()
        }
        return shown
    }

    /// Forgets the picture (a new event, or video turned off): the pane is blank until the next frame.
    public func clear() {
        held = nil
        waiting = nil
        writer?.forget()
    }

    /// After ncurses' update: where the pane is, whether frames may be drawn there, and whether
    /// ncurses drew over it (then the last picture is written again in full).
    func place(rect: Rect, visible: Bool, ncursesDrewOver: Bool) {
        if rect != self.rect {
            self.rect = rect
            held = nil
            waiting = nil
            writer?.forget()
        }
        let becameVisible = visible && !isVisible
        if isVisible, !visible { writer?.hide() }   // covered (an overlay): an image above the text must go
        isVisible = visible && geometry.showsVideo
        if isVisible, ncursesDrewOver || becameVisible { writer?.repaint(left: pictureRect.x, top: pictureRect.y) }
        showHeld()
        showWaiting()
    }

    /// The terminal is not ours now (the program was continued in the background): no frame is
    /// written until the next ``place(rect:visible:ncursesDrewOver:)`` (back in the foreground,
    /// after ncurses drew the whole screen again; the picture is then drawn again in full).
    func leaveTerminal() {
        isVisible = false
        waiting = nil
    }

    /// Writes the frame that waited for another pane, if none is half way through one now.
    func showWaiting() {
        guard let frame = waiting, !group.panes.contains(where: { $0.hasPending }) else { return }
        waiting = nil
        frame.withPixels { _ = show($0) }
    }

    var isWaiting: Bool { waiting != nil }

    /// Ends a half-written frame before ncurses writes (its bytes must not land inside ours). A
    /// frame the terminal did not take in time was far too big for the link: the ladder steps down.
    func finishPending() {
        guard let writer else { return }
        let abandoned = writer.abandoned
        writer.finishPending()
        if writer.abandoned > abandoned, ladder.abandoned(now: clock()) { stepChanged() }
    }

    /// Writes what the terminal takes now of a half-written frame.
    func flushPending() { writer?.flushPending() }

    var hasPending: Bool { writer?.hasPending ?? false }
    var sinkDescriptor: Int32? { (sink as? TTYVideoSink)?.fd }
}

/// The panes that write to one terminal (``TerminalVideo/group``). Panes stay in it for the
/// session (a montage's tiles are made once and reused).
final class PaneGroup {
    var panes: [TerminalVideo] = []
    private var turn = 0
    /// The link the panes' frames share, paced end to end (TerminalLink.swift).
    let link = TerminalLink()
    private var shownLinkText: (text: String?, at: ContinuousClock.Instant)?

    /// What the link allows for the status bar, changed at most once a second (each change
    /// redraws the status bar, over the same link).
    func linkText(now: ContinuousClock.Instant) -> String? {
        if let shown = shownLinkText, now - shown.at < .seconds(1) { return shown.text }
        let text = link.isEnabled ? link.pacer.linkText(now: now) : nil
        shownLinkText = (text, now)
        return text
    }

    /// Writes what the terminal takes now of every half-written frame, then the frames that waited
    /// for them, longest waiting first, while the terminal keeps taking them whole (a frame it
    /// takes only in part keeps the rest waiting: ``TerminalVideo/showWaiting()``).
    func flush() {
        panes.forEach { $0.flushPending() }
        panes.filter(\.isWaiting).sorted { $0.waitingSince < $1.waitingSince }.forEach { $0.showWaiting() }
    }

    /// A new turn number for a pane that starts waiting.
    func nextTurn() -> Int {
        turn &+= 1
        return turn
    }
}
