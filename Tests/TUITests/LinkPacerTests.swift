import Testing
@testable import TUI

/// A pty behind a slow link, in virtual time: it holds `capacity` bytes, the link drains `rate`
/// bytes a second, and like a real pty it reports no backlog (`TIOCOUTQ` answers 0).
final class SlowLinkSink: VideoSink {
    let capacity: Int, rate: Double
    var queued = 0.0
    var now = ContinuousClock.now
    init(capacity: Int, rate: Double) { self.capacity = capacity; self.rate = rate }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, max(0, capacity - Int(queued.rounded(.up))))
        queued += Double(taken)
        return taken
    }
    var backlog: Int { 0 }
    func waitWritable(until deadline: ContinuousClock.Instant) { advance(.milliseconds(5)) }
    func advance(_ duration: Duration) {
        now += duration
        queued = max(0, queued - rate * LinkPacer.seconds(duration))
    }
}

/// Frames over a slow link whose queue cannot be measured: paced to the link, the queue a key's
/// screen update waits behind stays small, and frames still get through.
@Suite struct LinkPacerTests {
    /// A picture whose every pixel changes from frame to frame (every cell is written).
    static func picture(_ frame: Int, width: Int, height: Int) -> TestPicture {
        var picture = TestPicture(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                picture[x, y] = RGB(UInt8((x * 7 + frame * 13) % 256), UInt8((y * 11 + frame * 5) % 256), UInt8((x * y + frame) % 256))
            }
        }
        return picture
    }

    /// 40 ms frames of about 10 KB (every cell of 30×12 changes) for 6 s into an 18 KB pty drained
    /// at 200 kB/s (the link needs 250 kB/s), the loop flushing every 10 ms.
    /// Returns the mean queue over the last 4 s and the frames delivered then.
    static func run(pacing: Bool) -> (meanQueue: Double, delivered: Int) {
        let sink = SlowLinkSink(capacity: 18 * 1024, rate: 200_000)
        let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
        writer.clock = { sink.now }
        // A clock that stands still: no two full moments are ever far enough apart to measure a
        // rate, so nothing is paced (the writer as it was before the pacer). (Real time was used
        // here once; on a loaded machine its steps grew long enough to measure a rate.)
        let frozen = ContinuousClock.now
        if !pacing { writer.clock = { frozen } }
        let pictures = (0..<8).map { picture($0, width: 30, height: 24) }
        var queueSum = 0.0, samples = 0, deliveredBefore = 0
        for tick in 0..<600 {
            if tick % 4 == 0 { pictures[tick / 4 % 8].with { _ = writer.offer($0, columns: 30, rows: 12, left: 0, top: 0) } }
            sink.advance(.milliseconds(10))
            writer.flushPending()
            if tick == 200 { deliveredBefore = writer.statistics.delivered }
            if tick >= 200 { queueSum += sink.queued; samples += 1 }
        }
        return (queueSum / Double(samples), writer.statistics.delivered - deliveredBefore)
    }

    @Test func pacedFramesKeepTheQueueSmallAndStillFlow() {
        let paced = Self.run(pacing: true)
        let unpaced = Self.run(pacing: false)
        print("mean queue paced \(Int(paced.meanQueue)) B, \(paced.delivered) frames in 4 s; unpaced \(Int(unpaced.meanQueue)) B, \(unpaced.delivered) frames")
        #expect(unpaced.meanQueue > 14 * 1024, "without pacing the pty stays full")
        #expect(paced.meanQueue < 9 * 1024, "paced, a key waits behind about one frame at most")
        #expect(paced.delivered >= 12, "the picture still moves (at least 3 frames a second)")
    }

    @Test func theRateIsLearnedBetweenTwoFullMomentsAndFramesWaitForTheQueueToDrain() {
        var pacer = LinkPacer()
        let t0 = ContinuousClock.now
        #expect(pacer.allows(now: t0))
        pacer.wrote(18_000, of: 30_000, now: t0)                       // the pty is full
        pacer.wrote(1_000, of: 12_000, now: t0 + .milliseconds(20))    // full again, too soon to measure
        #expect(pacer.rate == nil)
        pacer.wrote(9_000, of: 11_000, now: t0 + .milliseconds(50))    // full again: 10000 B left in 50 ms
        #expect(pacer.rate == 200_000)
        let t100 = t0 + .milliseconds(100)
        pacer.wrote(2_000, of: 2_000, now: t100)   // the rest went in: 18000 + 2000 - 50 ms × 200 kB/s = 10000 B queued
        #expect(!pacer.allows(now: t100 + .milliseconds(35)), "the queue must drain first")
        #expect(pacer.allows(now: t100 + .milliseconds(40)), "50 ms to drain 10000 B, less 10 ms of slack")
    }

    /// A terminal that stays full and takes nothing for seconds (an SSH session stalled): each
    /// 50 ms sample is 0 B/s. The rate stops at its floor and the wait at its cap; before, the rate
    /// halved towards 0 and the wait overflowed `Duration` (a crash in `bench-slow-link`).
    @Test func aTerminalThatTakesNothingForSecondsNeitherStopsThePacerNorCrashesIt() {
        var pacer = LinkPacer()
        let t0 = ContinuousClock.now
        pacer.wrote(18_000, of: 30_000, now: t0)
        pacer.wrote(9_000, of: 11_000, now: t0 + .milliseconds(50))   // a first rate: 180 kB/s
        for tick in 2...200 { pacer.wrote(0, of: 5_000, now: t0 + .milliseconds(50 * tick)) }   // 10 s of nothing taken
        #expect(pacer.rate == LinkPacer.slowestRate)
        let end = t0 + .milliseconds(50 * 201)
        pacer.wrote(5_000, of: 5_000, now: end)   // it takes a frame again
        #expect(pacer.allows(now: end + .seconds(LinkPacer.longestWait)), "the next frame waits at most the cap")
    }

    /// Sixel frames of the pane (tens of KB each) over a 200 kB/s pty hold it for far more than
    /// 0.1 s each by the rate the local pacer learns: the pane's ladder steps down to cells; over a
    /// fast link it never does.
    @Test(arguments: [(200_000.0, true), (50_000_000.0, false)])
    func pixelsOverALinkTooSlowForThemGiveWayToCells(rate: Double, tooSlow: Bool) {
        let sink = SlowLinkSink(capacity: 18 * 1024, rate: rate)
        let writer = VideoPaneWriter(sink: sink, encoder: SixelPaneEncoder())
        writer.clock = { sink.now }
        var ladder = DetailLadder(pixels: .sixel, glyphs: .half)
        let frames = (0..<4).map { SixelEncoderTests.frame(width: 240, height: 120, seed: $0 * 5) }
        for tick in 0..<400 where !ladder.isReduced {
            if tick % 4 == 0 {
                let shown = frames[tick / 4 % 4].withUnsafeBytes {
                    writer.offer(VideoPixels(bytes: $0, width: 240, height: 120, stride: 960), columns: 30, rows: 8, left: 0, top: 0)
                }
                if shown {
                    _ = ladder.judge(frameBytes: writer.lastFrameBytes, rate: writer.linkRate,
                                     measuredEndToEnd: writer.isPacedEndToEnd, now: sink.now)
                }
            }
            sink.advance(.milliseconds(10))
            writer.flushPending()
        }
        #expect(ladder.isReduced == tooSlow, "rate \(writer.pacer.rate.map { Int($0) } ?? -1) B/s")
        #expect(ladder.step.pixels == (tooSlow ? nil : .sixel))
        #expect(writer.statistics.delivered > 0)
    }
}
