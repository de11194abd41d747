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
    /// How cells show pixels; changing it forgets the picture (the next frame is full).
    public var glyphs: VideoGlyphs { didSet { rebuild() } }
    /// Colours used; changing it forgets the picture.
    public var depth: ColorDepth { didSet { rebuild() } }
    /// Cell height / width (2 unless the terminal reports its pixel size).
    public var cellAspect: Double = 2
    /// A cell's size in the terminal's pixels from `TIOCGWINSZ`, nil when it reports none.
    var windowCellPixels: PixelSize?
    /// What the terminal said it draws (``GraphicsProbe``; nothing until it answered).
    public private(set) var graphics = TerminalGraphics()
    /// The pane shows real pixels (sixel or kitty images) rather than cells; nil for cells.
    public private(set) var pixelProtocol: PixelProtocol?
    /// The pixels the pane drew until the link proved too slow for them (it draws cells since).
    public private(set) var tooSlowFor: PixelProtocol?
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
        if graphics != other.graphics || (pixelProtocol != other.pixelProtocol && tooSlowFor == nil) {
            use(other.pixelProtocol, graphics: other.graphics)
        }
    }

    private func rebuild() {
        writer?.forget()
        let encoder: any PaneEncoder = switch pixelProtocol {
        case .sixel: SixelPaneEncoder(colorRegisters: graphics.colorRegisters)
        case .kitty: KittyPaneEncoder(imageID: paneID, transport: graphics.kittySharedMemory ? .sharedMemory : .direct)
        case nil: CellPaneEncoder(glyphs: glyphs, depth: depth)
        }
        writer = sink.map { VideoPaneWriter(sink: $0, encoder: encoder) }
        writer?.link = group.link
    }

    /// Draws images in `pixels` (sixel or kitty) or, for nil, cells from now on, with what the
    /// terminal said of itself. Images need the cell size in pixels (from `TIOCGWINSZ` or the
    /// terminal's answer); without it the pane keeps cells. Returns what is in use.
    @discardableResult
    public func use(_ pixels: PixelProtocol?, graphics: TerminalGraphics) -> PixelProtocol? {
        self.graphics = graphics
        if let pixels, pixels == tooSlowFor {
            pixelProtocol = nil   // the link is still too slow for them (asked again after a resize)
        } else {
            pixelProtocol = cellPixels != nil ? pixels : nil
            tooSlowFor = nil
        }
        rebuild()
        return pixelProtocol
    }

    /// Takes the picture off the screen before the terminal is handed back (suspend, exit): an
    /// image above the text would stay. The next repaint shows it again.
    public func hide() { writer?.hide() }

    /// A cell's size in pixels: the window's, else what the terminal answered.
    var cellPixels: PixelSize? { windowCellPixels ?? graphics.cellPixels }

    /// How the pane draws, for the status bar: "sixel", "kitty", or the glyphs ("half", "sextant"),
    /// with the reason when a slow link took the pixels away ("half, link too slow for sixel").
    /// While a slow link sets the pace, what it allows follows (`half · link 95 kB/s · 4 fps`).
    public var modeName: String {
        let mode = if let pixelProtocol { pixelProtocol.rawValue }
            else if let tooSlowFor { "\(glyphs.rawValue), link too slow for \(tooSlowFor.rawValue)" }
            else { glyphs.rawValue }
        return group.linkText(now: .now).map { "\(mode) · \($0)" } ?? mode
    }

    /// The pixel size and shape frames should have for the current pane.
    public var geometry: VideoGeometry {
        VideoGeometry(columns: rect.width, rows: rect.height, glyphs: glyphs, cellAspect: cellAspect,
                      cellPixels: pixelProtocol != nil ? cellPixels : nil)
    }

    /// Frames delivered, dropped (the terminal was behind) and bytes written so far.
    public var statistics: (delivered: Int, dropped: Int, bytes: Int) {
        let s = writer?.statistics ?? .init()
        return (s.delivered, s.dropped, s.bytes)
    }

    /// Draws a frame (only the cells that changed). Ignored while the pane is hidden or when the
    /// frame's size is not ``geometry``'s (a resize is under way); dropped when the terminal is
    /// behind. Returns true when written. When the link proves too slow for real pixels (each
    /// image holds it for more than 0.1 s, so every key would wait that long) the pane draws cells
    /// from the next frame on, for the rest of the session (``tooSlowFor``; the geometry changes,
    /// so frames come at the cells' size).
    @discardableResult
    public func show(_ pixels: VideoPixels) -> Bool {
        let geometry = geometry
        guard isVisible, geometry.showsVideo, pixels.width == geometry.pixelWidth, pixels.height == geometry.pixelHeight,
              let writer else { return false }
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
        let shown = writer.offer(pixels, columns: rect.width, rows: rect.height, left: rect.x, top: rect.y)
        if writer.isLinkTooSlow, let pixels = pixelProtocol {
            writer.finishPending()
            pixelProtocol = nil
            tooSlowFor = pixels
            rebuild()
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
        if isVisible, ncursesDrewOver || becameVisible { writer?.repaint(left: rect.x, top: rect.y) }
        showHeld()
        showWaiting()
    }

    /// Writes the frame that waited for another pane, if none is half way through one now.
    func showWaiting() {
        guard let frame = waiting, !group.panes.contains(where: { $0.hasPending }) else { return }
        waiting = nil
        frame.withPixels { _ = show($0) }
    }

    var isWaiting: Bool { waiting != nil }

    /// Ends a half-written frame before ncurses writes (its bytes must not land inside ours).
    func finishPending() { writer?.finishPending() }

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
