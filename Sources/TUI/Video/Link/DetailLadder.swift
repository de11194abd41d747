import PlaybackStates

/// How much detail the video pane draws over the link it has, from the most to the least: the
/// terminal's pixels (sixel or kitty), cells with the glyphs chosen (`--video-glyphs`), half
/// blocks, and half blocks in a smaller picture (half the pane's width and height, centred: a
/// quarter of the cells). Each step's frames are a fraction of the one before.
///
/// A frame whose bytes hold the link longer than ``slowFrame`` at the rate the pacer measured
/// makes a key wait as long behind it; ``slowFramesInARow`` such frames step down once (to the
/// next step, not to the bottom: its frames are judged in turn). One frame that holds it
/// ``farTooSlow`` times as long, or one given up half-written (the terminal took too little of it
/// in time), steps down at once: every second spent on the way down is a second keys wait. A step is left only downwards
/// on slow frames and upwards when the link would carry the step above with room to spare: its
/// frames (their size remembered from when it was drawn) would take at most half of
/// ``slowFrame``, after the step was held for ``hold`` (5 s at first; doubled, up to 80 s,
/// each time a step up proved wrong within 80 s, so a link on the edge does not make the picture flicker
/// between two steps). Full quality comes back by itself when the link does. A value: time is
/// passed in.
///
/// ```swift
/// var ladder = DetailLadder(pixels: .sixel, glyphs: .sextant)   // sixel, sextant, half, half smaller
/// if ladder.judge(frameBytes: 80_000, rate: 100_000, measuredEndToEnd: true, now: .now) {
///     rebuild(for: ladder.step)   // the pane draws cells now
/// }
/// ```
struct DetailLadder: Sendable, Equatable {
    /// One step: what the pane draws.
    struct Step: Sendable, Hashable {
        /// Real pixels with this protocol, or cells (nil).
        var pixels: PixelProtocol?
        var glyphs: VideoGlyphs
        /// The picture takes half the pane's width and height (centred) instead of all of it.
        var isSmaller = false

        /// For the status bar: "sixel", "sextant", "half, small picture".
        var name: String {
            if let pixels { return pixels.rawValue }
            return isSmaller ? "\(glyphs.rawValue), small picture" : glyphs.rawValue
        }
    }

    /// A frame that holds the link longer than this (seconds) makes a key wait as long behind it.
    static let slowFrame = 0.1
    /// Slow frames in a row that step down, when the pacer measured the rate end to end.
    static let slowFramesInARow = 2
    /// The same when the rate is the local pacer's guess from a full pty (``LinkPacer``).
    static let guessedSlowFramesInARow = 5
    /// A frame over this many times ``slowFrame`` steps down alone.
    static let farTooSlow = 4.0
    /// The step above is taken back when its frames would hold the link for at most this share of
    /// ``slowFrame``.
    static let headroom = 0.5
    /// How long a step is held before a step up is tried, at first and at most.
    static let firstHold: Duration = .seconds(5)
    static let longestHold: Duration = .seconds(80)

    /// From the most detail to the least.
    let steps: [Step]
    /// The step in use (0: full quality).
    private(set) var index = 0
    /// The mean size of each step's frames while it was in use (nil: never drawn).
    private var frameBytes: [Double?]
    private var slowFrames = 0
    /// The size of the frame written while no rate was known: judged once there is one.
    private var unjudgedFrame: Int?
    private var holdUntil: ContinuousClock.Instant?
    private var hold = firstHold
    /// When the last change was a step up (slow frames soon after it mean it was wrong).
    private var steppedUpAt: ContinuousClock.Instant?

    /// The steps for what the terminal draws (`pixels`, nil for cells) and the glyphs chosen.
    init(pixels: PixelProtocol?, glyphs: VideoGlyphs) {
        var steps: [Step] = []
        if let pixels { steps.append(Step(pixels: pixels, glyphs: glyphs)) }
        steps.append(Step(pixels: nil, glyphs: glyphs))
        if glyphs != .half { steps.append(Step(pixels: nil, glyphs: .half)) }
        steps.append(Step(pixels: nil, glyphs: .half, isSmaller: true))
        self.steps = steps
        frameBytes = Array(repeating: nil, count: steps.count)
    }

    /// What the pane draws now.
    var step: Step { steps[index] }

    /// Less than full quality: the link is too slow for it.
    var isReduced: Bool { index > 0 }

    /// What the status bar says: the step, and while reduced what the link was too slow for
    /// (`half, link too slow for sixel`).
    var name: String { isReduced ? "\(step.name), link too slow for \(steps[0].name)" : step.name }

    /// A frame of `frameBytes` was written at the current step; `rate` is the link's rate in bytes
    /// a second (nil: not known yet), `measuredEndToEnd` whether the terminal's replies measured it.
    /// Returns true when the step changed (down: the frames are too big for the link).
    mutating func judge(frameBytes bytes: Int, rate: Double?, measuredEndToEnd: Bool, now: ContinuousClock.Instant) -> Bool {
        remember(bytes)
        guard let rate, rate > 0 else {
            unjudgedFrame = bytes
            return false
        }
        if let first = unjudgedFrame {
            unjudgedFrame = nil
            if isSlow(first, rate: rate) { slowFrames += 1 }
        }
        guard isSlow(bytes, rate: rate) else {
            slowFrames = 0
            return false
        }
        slowFrames += 1
        let farTooSlow = measuredEndToEnd && Double(bytes) / rate > Self.slowFrame * Self.farTooSlow
        guard farTooSlow || slowFrames >= (measuredEndToEnd ? Self.slowFramesInARow : Self.guessedSlowFramesInARow)
        else { return false }
        return stepDown(now: now)
    }

    /// A frame was given up half-written: the terminal did not take it within the writer's budget
    /// (half a second). Steps down at once; returns true when the step changed.
    mutating func abandoned(now: ContinuousClock.Instant) -> Bool { stepDown(now: now) }

    private mutating func stepDown(now: ContinuousClock.Instant) -> Bool {
        guard index < steps.count - 1 else { return false }
        // A step up that proved wrong within the longest hold makes the next hold longer; after a
        // long good spell the link changed, and the hold starts short again.
        if let up = steppedUpAt, now - up < Self.longestHold { hold = min(hold * 2, Self.longestHold) } else { hold = Self.firstHold }
        steppedUpAt = nil
        index += 1
        slowFrames = 0
        holdUntil = now + hold
        return true
    }

    /// Before a frame: steps up when the link, at `rate` measured end to end, would carry the step
    /// above with room to spare and the current step was held long enough. Returns true when the
    /// step changed.
    mutating func reconsider(rate: Double?, now: ContinuousClock.Instant) -> Bool {
        guard index > 0, let rate, rate > 0, let bytes = frameBytes[index - 1] else { return false }
        if let holdUntil, now < holdUntil { return false }
        guard bytes / rate <= Self.slowFrame * Self.headroom else { return false }
        index -= 1
        steppedUpAt = now
        slowFrames = 0
        unjudgedFrame = nil
        holdUntil = now + hold
        return true
    }

    /// The pane's cells for the picture at the current step: all of `pane`, or for the smaller
    /// picture half its width and height, centred (never below the smallest pane with video).
    func pictureRect(in pane: Rect) -> Rect {
        guard step.isSmaller else { return pane }
        let columns = max(VideoGeometry.minimumColumns, pane.width / 2), rows = max(VideoGeometry.minimumRows, pane.height / 2)
        guard columns < pane.width || rows < pane.height else { return pane }
        return Rect(x: pane.x + (pane.width - columns) / 2, y: pane.y + (pane.height - rows) / 2, width: columns, height: rows)
    }

    private func isSlow(_ bytes: Int, rate: Double) -> Bool { Double(bytes) / rate > Self.slowFrame }

    /// Keeps the mean size of the step's frames (the latest count most: a scene changes).
    private mutating func remember(_ bytes: Int) {
        let mean = frameBytes[index].map { $0 * 0.7 + Double(bytes) * 0.3 } ?? Double(bytes)
        frameBytes[index] = mean
    }
}
