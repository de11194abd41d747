import PlaybackStates

/// Draws frames into the video pane through a ``VideoSink``: its ``PaneEncoder`` turns each frame
/// into bytes (cells that changed, or a sixel or kitty image), and it drops a frame (never queues one) while the
/// previous frame is not fully written or the terminal's output queue holds more than
/// ``backlogLimit`` bytes, or (where the queue cannot be measured: a pty) while ``LinkPacer``
/// estimates the bytes before it have not left yet: over a slow link the picture skips, keys do
/// not lag. With a ``link`` (the real terminal) each frame ends with a status request and the
/// terminal's replies pace the frames end to end (``EndToEndPacer``): through SSH too, where the
/// local pty is drained at once and ``LinkPacer`` sees nothing.
final class VideoPaneWriter {
    struct Statistics: Hashable, Sendable {
        public var delivered = 0
        public var dropped = 0
        public var bytes = 0
    }

    let sink: any VideoSink
    /// How frames become bytes: cells or pixels.
    var encoder: any PaneEncoder
    /// The part of the last frame the terminal has not taken yet.
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var out: [UInt8] = []
    /// More queued bytes than this drop the next frame (a full 120×40 truecolor frame is ~90 KB;
    /// a changed-cells frame far less).
    var backlogLimit = 16 * 1024
    private(set) var statistics = Statistics()
    /// Frames paced to the link's drain rate (LinkPacer.swift).
    private(set) var pacer = LinkPacer()
    /// Frames paced by the terminal's replies (EndToEndPacer.swift), shared by the panes of one
    /// terminal; nil or not enabled: ``pacer`` alone.
    var link: TerminalLink?
    /// The size of the frame whose status request ends the pending bytes: it counts as sent when
    /// they are all written.
    private var pendingRequestBytes: Int?
    /// The time (a seam for tests of the pacing).
    var clock: () -> ContinuousClock.Instant = { .now }
    /// The size of the last frame written (``DetailLadder`` judges it against the link's rate).
    private(set) var lastFrameBytes = 0
    /// When the pending frame's first byte was written.
    private var pendingStartedAt: ContinuousClock.Instant?
    /// The pending bytes begin with a lone status request (it measures the round trip) that has
    /// not gone whole yet: it counts as sent when it has (its reply may come before the frame's end).
    private var pendingRoundTrip = false

    init(sink: any VideoSink, encoder: any PaneEncoder) {
        self.sink = sink
        self.encoder = encoder
        out.reserveCapacity(64 * 1024)
    }

    /// Cells with `glyphs` in `depth`.
    convenience init(sink: any VideoSink, glyphs: VideoGlyphs, depth: ColorDepth) {
        self.init(sink: sink, encoder: CellPaneEncoder(glyphs: glyphs, depth: depth))
    }

    var hasPending: Bool { pendingOffset < pending.count }

    /// Offers a frame for the pane at (`left`, `top`) of `columns`×`rows` cells. Returns false
    /// when it was dropped.
    @discardableResult
    func offer(_ pixels: VideoPixels, columns: Int, rows: Int, left: Int, top: Int) -> Bool {
        flushPending()
        guard !hasPending, !encoder.isBehind(), sink.backlog <= backlogLimit, allowsFrame(now: clock()) else {
            statistics.dropped += 1
            return false
        }
        out.removeAll(keepingCapacity: true)
        encoder.encode(pixels, columns: columns, rows: rows, left: left, top: top, into: &out)
        lastFrameBytes = out.count
        // Now and then, on a quiet link, a lone request first: its reply measures the round trip.
        let measuresRoundTrip = !out.isEmpty && link?.isEnabled == true && link?.isQuiet == true
            && link?.pacer.wantsRoundTrip(now: clock()) == true
        if measuresRoundTrip { out.insert(contentsOf: EndToEndPacer.request, at: 0) }
        send(request: true, roundTrip: measuresRoundTrip)
        statistics.delivered += 1
        return true
    }

    /// Whether a frame may go now: by the terminal's replies once it answers, by both pacers
    /// until then, by ``LinkPacer`` alone when it does not answer.
    private func allowsFrame(now: ContinuousClock.Instant) -> Bool {
        guard let link, link.isEnabled else { return pacer.allows(now: now) }
        let endToEnd = link.pacer.allows(now: now)
        switch link.pacer.state {
        case .acknowledged: return endToEnd
        case .probing: return endToEnd && pacer.allows(now: now)
        case .unsupported: return pacer.allows(now: now)
        }
    }

    /// The terminal's replies pace the frames.
    var isPacedEndToEnd: Bool { link?.isEnabled == true && link?.pacer.isAcknowledged == true }

    /// The link's rate was measured end to end (the terminal answered frames, not only a lone
    /// request).
    var isRateMeasuredEndToEnd: Bool { isPacedEndToEnd && link?.pacer.rate != nil }

    /// The link's rate as measured end to end, else as ``LinkPacer`` learned it.
    var linkRate: Double? { isRateMeasuredEndToEnd ? link?.pacer.rate : pacer.rate }

    /// Frames given up half-written because the terminal did not take them within ``finishBudget``
    /// (each held the link at least that long).
    private(set) var abandoned = 0

    /// Counts a frame that was not offered (another pane on the terminal is half way through one).
    func drop() -> Bool {
        statistics.dropped += 1
        return false
    }

    /// Writes the whole picture again (ncurses drew over the pane: overlay closed, resize,
    /// resume). Not dropped: the pane would stay wrong.
    func repaint(left: Int, top: Int) {
        finishPending()
        out.removeAll(keepingCapacity: true)
        encoder.repaint(left: left, top: top, into: &out)
        send(request: true)
    }

    /// Forgets the picture (the pane is blank or shows the poster now).
    func forget() {
        hide()
        encoder.forget()
    }

    /// Takes the picture off the screen where ncurses cannot (a kitty image above the text),
    /// keeping it for a repaint. Written whole: nothing may be left of it.
    func hide() {
        finishPending()
        out.removeAll(keepingCapacity: true)
        encoder.erase(into: &out)
        send()
        finishPending()
    }

    /// Writes what the terminal can take of the pending bytes now.
    func flushPending() {
        guard hasPending else { return }
        let offered = pending.count - pendingOffset
        let taken = pending.withUnsafeBytes { sink.write(UnsafeRawBufferPointer(rebasing: $0[pendingOffset...])) }
        pendingOffset += taken
        pacer.wrote(taken, of: offered, now: clock())
        if pendingRoundTrip, pendingOffset >= EndToEndPacer.request.count {
            pendingRoundTrip = false
            link?.sentRoundTrip(now: clock())
        }
        if !hasPending, let bytes = pendingRequestBytes {
            pendingRequestBytes = nil
            link?.sent(bytes: bytes, now: clock(), startedAt: pendingStartedAt)
        }
    }

    /// How long ``finishPending()`` waits for the terminal to take the rest of a frame before it
    /// gives the frame up. The pacer keeps about one frame queued, so over a working link the wait
    /// is that frame's drain time; a terminal that takes nothing in this long is stalled.
    var finishBudget: Duration = .milliseconds(500)

    /// Completes the pending bytes, waiting if needed: before ncurses writes, a half-written
    /// escape sequence must end.
    func finishPending() {
        if !drainPending() { abandonPending() }
    }

    /// Writes the pending bytes as the terminal takes them, for up to ``finishBudget``; true when
    /// all went.
    private func drainPending() -> Bool {
        let deadline = clock() + finishBudget
        while hasPending {
            flushPending()
            guard hasPending, clock() < deadline else { break }
            sink.waitWritable(until: deadline)
        }
        return !hasPending
    }

    /// Closes what a frame given up half-way left open: a string (a sixel DCS, a kitty APC: `ESC
    /// \`), the saved cursor (`ESC 8`) and synchronized output (`CSI ?2026 l`). Otherwise the
    /// terminal stays inside our string and swallows everything written after it. After a cell
    /// frame cut anywhere it is harmless (the ESC ends any sequence; ST alone does nothing).
    static let abandon: [UInt8] = Array("\u{1B}\\\u{1B}8\u{1B}[?2026l".utf8)

    /// The terminal did not take the rest of a frame in time: it is dropped, but not in the
    /// middle of an escape sequence (``abandon`` is written instead), and the picture is forgotten
    /// (the next frame is drawn whole).
    private func abandonPending() {
        abandoned += 1
        pendingRequestBytes = nil   // its request is not written: no reply will come
        pendingRoundTrip = false
        pending = encoder.abandon
        pendingOffset = 0
        if !drainPending() { pending.removeAll(keepingCapacity: true); pendingOffset = 0 }
        encoder.forget()
    }

    /// Writes ``out`` (what the terminal does not take now stays pending), with a status request
    /// at the end when `request` and the link is enabled (a picture, not an erase); `roundTrip`:
    /// ``out`` begins with a lone request. Each request counts as sent once it went whole, so the
    /// pacer knows of it before its reply can come.
    private func send(request: Bool = false, roundTrip: Bool = false) {
        guard !out.isEmpty else { return }
        let asks = request && link?.isEnabled == true
        if asks {
            out += EndToEndPacer.request
            link?.asking()   // from now on replies may come: the input is read through the link
        }
        let lone = asks && roundTrip ? EndToEndPacer.request.count : 0
        statistics.bytes += out.count
        let taken = out.withUnsafeBytes { sink.write($0) }
        pacer.wrote(taken, of: out.count, now: clock())
        if lone > 0, taken >= lone { link?.sentRoundTrip(now: clock()) }
        if taken < out.count {
            swap(&pending, &out)
            pendingOffset = taken
            pendingRequestBytes = asks ? pending.count - lone : nil
            pendingStartedAt = clock()
            pendingRoundTrip = lone > 0 && taken < lone
        } else if asks {
            link?.sent(bytes: out.count - lone, now: clock())
        }
    }
}
