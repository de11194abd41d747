import PlaybackStates
import TestSupport
import Testing
@testable import TUI

/// The picture's detail follows the link: down a step at a time while frames hold the link too
/// long, up again when the link would carry the step above with room to spare.
@Suite struct DetailLadderTests {
    static let t0 = ContinuousClock.now

    @Test func theStepsRunFromThePixelsToASmallerPictureOfHalfBlocks() {
        #expect(DetailLadder(pixels: .sixel, glyphs: .sextant).steps.map(\.name) == ["sixel", "sextant", "half", "half, small picture"])
        #expect(DetailLadder(pixels: .kitty, glyphs: .half).steps.map(\.name) == ["kitty", "half", "half, small picture"])
        #expect(DetailLadder(pixels: nil, glyphs: .quadrant).steps.map(\.name) == ["quadrant", "half", "half, small picture"])
    }

    /// Two frames in a row over 0.1 s each (measured end to end) step down once; the next step's
    /// frames are judged in turn; the bottom step stays.
    @Test func slowFramesStepDownOneStepAtATime() {
        var ladder = DetailLadder(pixels: .sixel, glyphs: .sextant)
        let rate = 100_000.0   // 0.1 s is 10 KB
        do { let changed = ladder.judge(frameBytes: 30_000, rate: rate, measuredEndToEnd: true, now: Self.t0); #expect(!changed) }
        do { let changed = ladder.judge(frameBytes: 5_000, rate: rate, measuredEndToEnd: true, now: Self.t0); #expect(!changed, "a small frame between: not in a row") }
        do { let changed = ladder.judge(frameBytes: 30_000, rate: rate, measuredEndToEnd: true, now: Self.t0); #expect(!changed) }
        do { let changed = ladder.judge(frameBytes: 30_000, rate: rate, measuredEndToEnd: true, now: Self.t0); #expect(changed) }
        #expect(ladder.name == "sextant, link too slow for sixel")
        for _ in 0..<10 { _ = ladder.judge(frameBytes: 30_000, rate: rate, measuredEndToEnd: true, now: Self.t0) }
        #expect(ladder.name == "half, small picture, link too slow for sixel", "down through half to the bottom, and no further")
        #expect(ladder.index == ladder.steps.count - 1)
    }

    /// One frame that holds the link four times too long (80 KB at 100 kB/s: 0.8 s) steps down
    /// alone, one step; so does a frame the terminal did not take in time (given up half-written).
    @Test func aFrameFarTooSlowOrGivenUpStepsDownAtOnce() {
        var ladder = DetailLadder(pixels: .sixel, glyphs: .sextant)
        do { let changed = ladder.judge(frameBytes: 80_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0); #expect(changed) }
        #expect(ladder.name == "sextant, link too slow for sixel")
        do { let changed = ladder.judge(frameBytes: 80_000, rate: 100_000, measuredEndToEnd: false, now: Self.t0); #expect(!changed, "a guessed rate is less sure") }
        do { let changed = ladder.abandoned(now: Self.t0); #expect(changed) }
        #expect(ladder.name == "half, link too slow for sixel")
    }

    /// Guessed from a full pty the rate is less sure: five slow frames in a row.
    @Test func aGuessedRateNeedsFiveSlowFrames() {
        var ladder = DetailLadder(pixels: nil, glyphs: .sextant)
        for _ in 0..<4 { let changed = ladder.judge(frameBytes: 30_000, rate: 100_000, measuredEndToEnd: false, now: Self.t0); #expect(!changed) }
        do { let changed = ladder.judge(frameBytes: 30_000, rate: 100_000, measuredEndToEnd: false, now: Self.t0); #expect(changed) }
    }

    /// The first frame (written before any rate is known) is judged once there is one.
    @Test func theFrameWrittenBeforeTheRateWasKnownCounts() {
        var ladder = DetailLadder(pixels: .kitty, glyphs: .half)
        do { let changed = ladder.judge(frameBytes: 200_000, rate: nil, measuredEndToEnd: true, now: Self.t0); #expect(!changed) }
        do { let changed = ladder.judge(frameBytes: 200_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0); #expect(changed) }
        #expect(ladder.step.pixels == nil)
    }

    /// Up again only after the hold (5 s), and only when the step above's frames (20 KB) would take
    /// at most 50 ms at the rate measured now; a step up that proves wrong doubles the next hold.
    @Test func theStepAboveComesBackWhenTheLinkCarriesItWithRoomToSpare() {
        var ladder = DetailLadder(pixels: .sixel, glyphs: .half)
        _ = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0)
        do { let changed = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0); #expect(changed) }
        do { let changed = ladder.reconsider(rate: 10_000_000, now: Self.t0 + .seconds(4)); #expect(!changed, "held for 5 s") }
        do { let changed = ladder.reconsider(rate: 300_000, now: Self.t0 + .seconds(6)); #expect(!changed, "20 KB at 300 kB/s is 67 ms: no room") }
        do { let changed = ladder.reconsider(rate: 500_000, now: Self.t0 + .seconds(6)); #expect(changed, "40 ms: back to sixel") }
        #expect(ladder.name == "sixel")
        // Wrong: slow again at once. The next hold is 10 s.
        let t1 = Self.t0 + .seconds(7)
        _ = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: t1)
        do { let changed = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: t1); #expect(changed) }
        do { let changed = ladder.reconsider(rate: 10_000_000, now: t1 + .seconds(9)); #expect(!changed) }
        do { let changed = ladder.reconsider(rate: 10_000_000, now: t1 + .seconds(10)); #expect(changed) }
    }

    @Test func theSmallerPictureIsHalfThePaneCentredAndNeverBelowTheSmallestVideoPane() {
        var ladder = DetailLadder(pixels: nil, glyphs: .half)
        let pane = Rect(x: 10, y: 2, width: 60, height: 20)
        #expect(ladder.pictureRect(in: pane) == pane)
        _ = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0)
        do { let changed = ladder.judge(frameBytes: 20_000, rate: 100_000, measuredEndToEnd: true, now: Self.t0); #expect(changed) }
        #expect(ladder.pictureRect(in: pane) == Rect(x: 25, y: 7, width: 30, height: 10))
        #expect(ladder.pictureRect(in: Rect(x: 0, y: 0, width: 12, height: 4)) == Rect(x: 2, y: 0, width: 8, height: 3))
    }

    /// What a simulated pane did at the end of each phase: values, for the simulation runs on a
    /// thread of its own (``Tmux/offPool(_:)``): seconds of encoding on the cooperative pool's two
    /// threads starved the tests beside it.
    struct Outcome: Sendable {
        var name = "", width = 0, height = 0, moved = false, delivered = 0
        var pixels: PixelProtocol?
        var lost = 0
        var state = EndToEndPacer.State.probing
        var rate: Double?, roundTrip: Double?
    }

    /// Plays changing pictures into a pane of `pane` over `sink` (frames offered every 40 ms, the
    /// terminal's replies read every 10 ms, in virtual time), one phase after another: each its
    /// seconds and the link's rate; `render` gives the loop's render (which finishes a half-written
    /// frame) once a second. Returns the ladder's names as they came, each phase's outcome and
    /// the largest queue on the link after `queueFrom` seconds.
    static func simulate(sink: DeepLinkSink, glyphs: VideoGlyphs = .half, pixels: PixelProtocol? = nil,
                         pane: Rect, phases: [(seconds: Int, rate: Double)], render: Bool = false,
                         queueFrom: Int? = nil) -> (names: [String], outcomes: [Outcome], largestQueue: Int) {
        let video = TerminalVideo(sink: sink, glyphs: glyphs, depth: .truecolor)
        video.group.link.isEnabled = true
        video.clock = { sink.now }
        if let pixels {
            video.use(pixels, graphics: TerminalGraphics(kitty: pixels == .kitty, sixel: pixels == .sixel, cellPixels: PixelSize(width: 8, height: 16)))
        }
        video.place(rect: pane, visible: true, ncursesDrewOver: false)
        var names: [String] = [], outcomes: [Outcome] = [], largestQueue = 0, elapsed = 0
        for phase in phases {
            sink.rate = phase.rate
            for tick in 0..<(phase.seconds * 100) {
                if tick % 4 == 0 {
                    let geometry = video.geometry
                    LinkPacerTests.picture(tick / 4, width: geometry.pixelWidth, height: geometry.pixelHeight).with { _ = video.show($0) }
                    if names.last != video.ladder.name { names.append(video.ladder.name) }
                }
                sink.advance(.milliseconds(10))
                _ = video.group.link.received(sink.takeReplies(), now: sink.now)
                video.flushPending()
                if render, tick % 100 == 0 { video.finishPending() }
                if let queueFrom, elapsed + tick >= queueFrom * 100 { largestQueue = max(largestQueue, sink.queued.count) }
            }
            elapsed += phase.seconds * 100
            let pacer = video.group.link.pacer
            outcomes.append(Outcome(name: video.ladder.name, width: video.geometry.pixelWidth, height: video.geometry.pixelHeight,
                                    moved: video.takePictureMoved(), delivered: video.statistics.delivered, pixels: video.pixelProtocol,
                                    lost: pacer.lost, state: pacer.state, rate: pacer.rate, roundTrip: pacer.roundTrip))
        }
        return (names, outcomes, largestQueue)
    }

    /// A playing pane of sextants over a 20 kB/s link that never fills (SSH), paced end to end:
    /// the pane steps down to half blocks, then to the smaller picture, and its frames follow (the
    /// geometry shrinks); when the link is fast again the sextants come back by themselves.
    @Test func aPaneOverASlowLinkLosesDetailAndGetsItBackWhenTheLinkDoes() async throws {
        #expect(VideoGeometry(columns: 60, rows: 20, glyphs: .sextant).pixelWidth == 120)
        let (names, outcomes, _) = try await Tmux.offPool {
            Self.simulate(sink: DeepLinkSink(rate: 20_000), glyphs: .sextant, pane: Rect(x: 0, y: 0, width: 60, height: 20),
                          phases: [(20, 20_000), (30, 5_000_000)])
        }
        let slow = try #require(outcomes.first), fast = try #require(outcomes.last)
        #expect(Array(names.prefix(3)) == ["sextant", "half, link too slow for sextant", "half, small picture, link too slow for sextant"])
        #expect(slow.name == "half, small picture, link too slow for sextant")
        #expect(slow.width == 30 && slow.height == 20, "the small picture: 30×10 cells of half blocks")
        #expect(slow.moved, "the loop must draw the screen again where the bigger picture was")
        #expect(fast.name == "sextant", "steps: \(names)")
        #expect(fast.width == 120)
    }

    /// Kitty images (~250 KB each, sent inline) into a local pty that holds 18 KB and drains
    /// 100 kB/s: no frame ever goes whole before the loop's next render gives it up (it waits half
    /// a second), so no reply ever times one. The local pty's rate judges them then, and each image
    /// given up steps down: the pane draws cells. (It stayed on kitty images at 0.3 frames a
    /// second, every key waiting 0.8 s.)
    @Test func imagesGivenUpHalfWrittenGiveWayToCells() async throws {
        let (names, outcomes, _) = try await Tmux.offPool {
            Self.simulate(sink: DeepLinkSink(rate: 100_000, capacity: 18 * 1024), pixels: .kitty,
                          pane: Rect(x: 0, y: 0, width: 40, height: 12), phases: [(6, 100_000)], render: true)
        }
        let outcome = try #require(outcomes.last)
        #expect(names.first == "kitty")
        #expect(outcome.pixels == nil, "\(outcome.name)")
        #expect(outcome.delivered > 10, "cells flow: \(outcome.delivered)")
    }

    /// The first kitty image (~250 KB, inline as over SSH) through a 50 kB/s link that never fills
    /// takes 5 s to reach the terminal. The image must be waited for, not taken for lost after 2 s
    /// (three such losses gave up on the replies and flooded the link: the first key waited 24 s).
    /// Once its reply times the link, the pane steps down and what waits on the link stays small.
    @Test func theFirstImageOverASlowDeepLinkIsWaitedForNotLost() async throws {
        let (_, outcomes, largestQueue) = try await Tmux.offPool {
            Self.simulate(sink: DeepLinkSink(rate: 50_000), pixels: .kitty, pane: Rect(x: 0, y: 0, width: 40, height: 12),
                          phases: [(20, 50_000)], queueFrom: 10)
        }
        let outcome = try #require(outcomes.last)
        #expect(outcome.lost == 0, "no frame taken for lost")
        #expect(outcome.state == .acknowledged)
        #expect(outcome.pixels == nil, "\(outcome.name)")
        #expect(largestQueue < 20_000, "at most about one small frame waits on the link: \(largestQueue) B")
    }

    /// A link 200 ms away that carries 5 MB/s: every frame's reply takes the round trip, which
    /// says nothing of the rate. Measured apart (a lone request on a quiet link), it is not
    /// counted, and the sixel picture keeps its detail.
    @Test func aFarButFastLinkKeepsThePixels() async throws {
        let (_, outcomes, _) = try await Tmux.offPool {
            Self.simulate(sink: DeepLinkSink(rate: 5_000_000, latency: .milliseconds(200)), pixels: .sixel,
                          pane: Rect(x: 0, y: 0, width: 40, height: 12), phases: [(10, 5_000_000)])
        }
        let outcome = try #require(outcomes.last)
        #expect(outcome.name == "sixel", "rate \(Int(outcome.rate ?? 0)) B/s, round trip \(outcome.roundTrip ?? -1) s")
        #expect(abs((outcome.roundTrip ?? 0) - 0.2) < 0.02)
        #expect(outcome.delivered > 20)
    }
}
