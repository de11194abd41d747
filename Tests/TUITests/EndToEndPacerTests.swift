import TestSupport
import Testing
@testable import TUI

/// A link whose buffers never fill (SSH: sshd drains the pty at once into its channel window and
/// TCP buffers), draining `rate` bytes a second to a terminal that answers each `CSI 5 n` when it
/// reaches it; the answer comes back `latency` later (the way back of a far link). With a
/// `capacity` it is a local pty behind a slow link instead: it takes no more than that. In virtual time.
final class DeepLinkSink: VideoSink {
    var rate: Double
    let latency: Duration
    let capacity: Int
    var queued: [UInt8] = []
    var drained = 0.0
    var now = ContinuousClock.now
    /// Replies on their way back: when each arrives.
    private var replies: [ContinuousClock.Instant] = []
    private var matched = 0
    init(rate: Double, latency: Duration = .zero, capacity: Int = .max) {
        self.rate = rate
        self.latency = latency
        self.capacity = capacity
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        let taken = min(bytes.count, max(0, capacity - queued.count))
        queued += bytes.prefix(taken)
        return taken
    }
    var backlog: Int { 0 }   // a pty: TIOCOUTQ answers 0
    func waitWritable(until deadline: ContinuousClock.Instant) { advance(.milliseconds(5)) }

    /// Time passes: the terminal reads what the link delivered, answering each request on the way.
    func advance(_ duration: Duration) {
        now += duration
        drained += rate * EndToEndPacer.seconds(duration)
        let count = min(queued.count, Int(drained))
        drained -= Double(count)
        for byte in queued.prefix(count) {
            let expected = EndToEndPacer.request[matched]
            matched = byte == expected ? matched + 1 : (byte == EndToEndPacer.request[0] ? 1 : 0)
            if matched == EndToEndPacer.request.count { replies.append(now + latency); matched = 0 }
        }
        queued.removeFirst(count)
        if queued.isEmpty { drained = 0 }   // an idle link saves nothing up
    }

    /// The replies that have arrived since the last call.
    func takeReplies() -> [UInt8] {
        let arrived = replies.prefix { $0 <= now }.count
        replies.removeFirst(arrived)
        return Array(repeating: Array("\u{1B}[0n".utf8), count: arrived).flatMap { $0 }
    }
}

/// Terminal video paced by the terminal's replies to status requests, end to end.
@Suite struct EndToEndPacerTests {
    /// 40 ms frames of about 10 KB (every cell of 30×12 changes) for 8 s through a link that
    /// never fills, draining 100 kB/s; the terminal's replies read every 10 ms. Returns the mean
    /// and the largest time a key's screen update would wait behind the bytes queued (over the last
    /// 6 s), and the frames delivered then.
    static func run(endToEnd: Bool, answers: Bool = true) -> (meanWait: Double, maxWait: Double, delivered: Int, link: TerminalLink) {
        let sink = DeepLinkSink(rate: 100_000)
        let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
        writer.clock = { sink.now }
        let link = TerminalLink()
        link.isEnabled = endToEnd
        writer.link = link
        let pictures = (0..<8).map { LinkPacerTests.picture($0, width: 30, height: 24) }
        var waitSum = 0.0, maxWait = 0.0, samples = 0, deliveredBefore = 0
        for tick in 0..<800 {
            if tick % 4 == 0 { pictures[tick / 4 % 8].with { _ = writer.offer($0, columns: 30, rows: 12, left: 0, top: 0) } }
            sink.advance(.milliseconds(10))
            let replies = sink.takeReplies()
            if answers { _ = link.received(replies, now: sink.now) }
            writer.flushPending()
            if tick == 200 { deliveredBefore = writer.statistics.delivered }
            if tick >= 200 {
                let wait = Double(sink.queued.count) / sink.rate
                waitSum += wait
                maxWait = max(maxWait, wait)
                samples += 1
            }
        }
        return (waitSum / Double(samples), maxWait, writer.statistics.delivered - deliveredBefore, link)
    }

    @Test func repliesKeepWhatAKeyWaitsBehindSmallWhereThePtyNeverFills() {
        let paced = Self.run(endToEnd: true)
        let local = Self.run(endToEnd: false)
        print("end to end: mean wait \(Int(paced.meanWait * 1000)) ms, max \(Int(paced.maxWait * 1000)) ms, \(paced.delivered) frames in 6 s; local pacer alone: mean \(Int(local.meanWait * 1000)) ms, \(local.delivered) frames")
        #expect(local.meanWait > 2, "the local pacer sees no full pty: the link's queue grows without end")
        #expect(paced.link.pacer.state == .acknowledged)
        #expect(paced.meanWait < 0.08, "half the time the link is free, else a key waits for the rest of one frame")
        #expect(paced.maxWait < 0.2, "never more than about one frame (~10 KB at 100 kB/s) queued")
        #expect(paced.delivered >= 12, "at least 2 frames a second get through")
        let rate = paced.link.pacer.rate ?? 0
        #expect(rate > 85_000 && rate < 115_000, "the rate measured end to end: \(Int(rate)) B/s")
    }

    /// Behind a local pty that holds 18 KB and drains 100 kB/s, frames of ~40 KB take the pty
    /// seconds to take: timed from their last byte their replies came at once, and the link
    /// measured several times its rate (the status bar said `link 310 kB/s` at 100 kB/s, and
    /// kitty images were never found too slow). Timed from the first byte, the rate is the link's.
    @Test func behindASlowPtyTheRateIsTimedFromAFramesFirstByte() async throws {
        // Off the cooperative pool: a second of encoding would hold one of its two threads.
        let (frameBytes, rate) = try await Tmux.offPool { () -> (Int, Double) in
            let sink = DeepLinkSink(rate: 100_000, capacity: 18 * 1024)
            let writer = VideoPaneWriter(sink: sink, glyphs: .half, depth: .truecolor)
            writer.clock = { sink.now }
            let link = TerminalLink()
            link.isEnabled = true
            writer.link = link
            let pictures = (0..<8).map { LinkPacerTests.picture($0, width: 60, height: 40) }
            for tick in 0..<1000 {
                if tick % 4 == 0 { pictures[tick / 4 % 8].with { _ = writer.offer($0, columns: 60, rows: 20, left: 0, top: 0) } }
                sink.advance(.milliseconds(10))
                _ = link.received(sink.takeReplies(), now: sink.now)
                writer.flushPending()
            }
            return (writer.lastFrameBytes, link.pacer.rate ?? 0)
        }
        #expect(frameBytes > 30_000, "frames bigger than the pty: \(frameBytes) B")
        #expect(rate > 80_000 && rate < 125_000, "the rate measured: \(Int(rate)) B/s")
    }

    @Test func aTerminalThatNeverAnswersFallsBackToTheLocalPacerAndTheVideoGoesOn() {
        let silent = Self.run(endToEnd: true, answers: false)
        #expect(silent.link.pacer.state == .unsupported)
        #expect(silent.delivered > 75, "after the probe's timeout frames flow as without the replies")
    }

    @Test func framesInFlightAreBoundedByTheReplies() {
        var pacer = EndToEndPacer()
        let t0 = ContinuousClock.now
        let r1 = pacer.allows(now: t0)
        #expect(r1)
        pacer.sent(bytes: 10_000, now: t0)
        let r2 = pacer.allows(now: t0 + .milliseconds(50))
        #expect(!r2, "before the first reply, one frame at a time")
        let r3 = pacer.allows(now: t0 + .seconds(3))
        #expect(!r3)
        var big = EndToEndPacer()
        big.sent(bytes: 200_000, now: t0)   // a kitty image over 50 kB/s: 4 s
        let waits = big.allows(now: t0 + .seconds(9))
        #expect(!waits && big.state == .probing, "the first reply may take the first frame's time at 20 kB/s")
        pacer.acknowledged(now: t0 + .milliseconds(100))           // 10 kB in 100 ms
        #expect(pacer.state == .acknowledged)
        #expect(pacer.rate == 100_000)
        let r4 = pacer.allows(now: t0 + .milliseconds(100))
        #expect(r4, "nothing in flight, the link idle")
        let t1 = t0 + .milliseconds(100)
        pacer.sent(bytes: 10_000, now: t1)                         // holds the link 100 ms
        let r5 = pacer.allows(now: t1 + .milliseconds(120))
        #expect(!r5, "in flight: drawn in 100 ms; the duty leaves the link free as long")
        let r6 = pacer.allows(now: t1 + .milliseconds(199))
        #expect(!r6, "the duty: the link busy half the time at most")
        pacer.acknowledged(now: t1 + .milliseconds(100))
        let r7 = pacer.allows(now: t1 + .milliseconds(200))
        #expect(r7)
        pacer.sent(bytes: 1_000, now: t1 + .milliseconds(200))     // 10 ms at 100 kB/s
        let r8 = pacer.allows(now: t1 + .milliseconds(221))
        #expect(r8, "a small frame in flight that is almost drawn does not hold the next")
        #expect(pacer.inFlight.count == 1)
    }

    @Test func aLateReplyAfterTheFallbackMakesTheRepliesPaceAgain() {
        var pacer = EndToEndPacer()
        let t0 = ContinuousClock.now
        pacer.sent(bytes: 50_000, now: t0)
        let r9 = pacer.allows(now: t0 + .seconds(3))
        #expect(!r9)
        let r10 = pacer.allows(now: t0 + .seconds(5))
        #expect(r10, "no reply within the probe's time: the video goes on")
        #expect(pacer.state == .unsupported)
        #expect(pacer.lost == 1)
        pacer.sent(bytes: 50_000, now: t0 + .seconds(5))   // paced by the local pty meanwhile
        pacer.sent(bytes: 50_000, now: t0 + .seconds(5))
        pacer.acknowledged(now: t0 + .seconds(6))   // it does answer, slowly: the first frame's reply
        #expect(pacer.state == .acknowledged)
        #expect(pacer.inFlight.count == 1, "the frames written meanwhile are still on their way")
        let held = pacer.allows(now: t0 + .seconds(6))
        #expect(!held, "a key would wait behind them: no more until they are drawn")
        pacer.acknowledged(now: t0 + .milliseconds(6500))
        let free = pacer.allows(now: t0 + .milliseconds(6500))
        #expect(free)
    }

    @Test func repliesLostThreeTimesInARowFallBack() {
        var pacer = EndToEndPacer()
        var now = ContinuousClock.now
        pacer.sent(bytes: 1_000, now: now)
        now += .milliseconds(10)
        pacer.acknowledged(now: now)
        for round in 1...3 {
            pacer.sent(bytes: 1_000, now: now)
            now += .seconds(2) + .milliseconds(1)
            let r11 = pacer.allows(now: now)
            #expect(r11)
            #expect(pacer.state == (round < 3 ? .acknowledged : .unsupported), "round \(round)")
        }
        #expect(pacer.lost == 3)
        pacer.acknowledged(now: now)   // a reply whose frame was given up: back to replies, nothing in flight
        #expect(pacer.state == .acknowledged)
        pacer.acknowledged(now: now)   // and another: nothing to match, ignored
        #expect(pacer.inFlight.isEmpty)
    }

    @Test func theStatusBarSaysWhatTheLinkAllowsWhileItSetsThePace() {
        var pacer = EndToEndPacer()
        let t0 = ContinuousClock.now
        var now = t0
        for frame in 0..<8 {
            now = t0 + .milliseconds(410 * frame)
            let free = pacer.allows(now: now)
            #expect(free, "frame \(frame)")
            pacer.sent(bytes: 19_000, now: now)
            now += .milliseconds(200)
            pacer.acknowledged(now: now)
            let held = pacer.allows(now: now + .milliseconds(100))
            #expect(!held || frame == 0, "the duty holds the next frame (once the rate is known)")
        }
        #expect(pacer.linkText(now: now) == "link 95 kB/s · 2.5 fps")
        #expect(pacer.linkText(now: now + .seconds(3)) == nil, "nothing held back lately: the source sets the pace")
        #expect(EndToEndPacer.rateText(1_234_567) == "1.2 MB/s")
        #expect(EndToEndPacer.rateText(123_400) == "120 kB/s")
        #expect(EndToEndPacer.rateText(5_432) == "5.4 kB/s")
    }
}

/// The terminal's status replies never reach key handling.
/// The round trip, measured by a lone request on an idle link, even while the frame after it is
/// still being written (its reply comes long before the frame's end over a slow link).
@Suite struct RoundTripTests {
    /// A pty that takes `capacity` bytes and nothing more until the test says so.
    final class FullPty: VideoSink {
        var capacity: Int
        var written: [UInt8] = []
        init(capacity: Int) { self.capacity = capacity }
        func write(_ bytes: UnsafeRawBufferPointer) -> Int {
            let taken = min(bytes.count, max(0, capacity - written.count))
            written += bytes.prefix(taken)
            return taken
        }
        var backlog: Int { 0 }
        func waitWritable(until deadline: ContinuousClock.Instant) {}
    }

    /// A 10 KB frame of which the pty takes 100 bytes: its lone request is out, and its reply (which
    /// the terminal sends at once) must be taken out of the input, not handed on as the keys
    /// `ESC [ 0 n` (ncurses made `0`, volume up, of them); it measures the round trip.
    @Test func theLoneRequestsReplyIsTakenOutBeforeTheFrameEnds() {
        let pty = FullPty(capacity: 100)
        let writer = VideoPaneWriter(sink: pty, glyphs: .half, depth: .truecolor)
        let link = TerminalLink()
        link.isEnabled = true
        writer.link = link
        let t0 = ContinuousClock.now
        writer.clock = { t0 }
        #expect(!link.isQuiet, "nothing answered yet: no lone request")
        _ = link.received(Array("\u{1B}[0n".utf8), now: t0)   // the terminal answered all it was asked
        #expect(link.isQuiet)
        LinkPacerTests.picture(1, width: 30, height: 24).with { _ = writer.offer($0, columns: 30, rows: 12, left: 0, top: 0) }
        #expect(writer.hasPending, "the frame is still being written")
        #expect(pty.written.starts(with: EndToEndPacer.request), "a lone request goes first on a quiet link")
        #expect(link.hasAsked, "replies may come now: the loop must read them through the link")
        let keys = link.received(Array("\u{1B}[0nm".utf8), now: t0 + .milliseconds(40))
        #expect(keys == Array("m".utf8))
        #expect(link.pacer.roundTrip == 0.04)
        #expect(link.pacer.inFlight.isEmpty, "the frame is not in flight until it went whole")
        pty.capacity = .max
        writer.flushPending()
        #expect(!writer.hasPending)
        #expect(link.pacer.inFlight.count == 1 && link.pacer.inFlight[0].bytes == writer.lastFrameBytes + EndToEndPacer.request.count, "the frame and its own request")
    }
}

@Suite struct DeviceStatusFilterTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func repliesInterleavedWithKeysAreTakenOutAndTheKeysKeepTheirOrder() {
        var filter = DeviceStatusFilter()
        let now = ContinuousClock.now
        let input = Self.bytes("a\u{1B}[0nm\u{1B}[A\u{1B}[0n\u{1B}[3n\u{1B}[<0;5;7Mq")
        let (keys, replies) = filter.feed(input, now: now)
        #expect(replies == 3)
        #expect(keys == Self.bytes("am\u{1B}[A\u{1B}[<0;5;7Mq"), "keys, an arrow and a mouse report pass unchanged")
        #expect(filter.releaseTime == nil)
    }

    @Test func aReplySplitBetweenReadsIsStillTakenOut() {
        var filter = DeviceStatusFilter()
        let now = ContinuousClock.now
        for split in 1..<4 {
            let reply = Self.bytes("x\u{1B}[0ny")
            let first = filter.feed(reply[0..<(split + 1)], now: now)
            #expect(first == (Self.bytes("x"), 0))
            #expect(filter.releaseTime != nil)
            let second = filter.feed(reply[(split + 1)...], now: now)
            #expect(second == (Self.bytes("y"), 1), "split after \(split) bytes of the reply")
        }
    }

    @Test func anEscapeThatIsNotFollowedByAReplyIsAKeyAfterTheHold() {
        var filter = DeviceStatusFilter()
        let now = ContinuousClock.now
        let r12 = filter.feed([0x1B], now: now)
        #expect(r12 == ([], 0))
        let r13 = filter.release(now: now + .milliseconds(10))
        #expect(r13.isEmpty, "still within the hold")
        let r14 = filter.release(now: now + DeviceStatusFilter.hold)
        #expect(r14 == [0x1B], "Escape, on its own")
        #expect(filter.releaseTime == nil)
        let r15 = filter.feed(Self.bytes("\u{1B}[0"), now: now)
        #expect(r15 == ([], 0))
        let r16 = filter.feed(Self.bytes("5~"), now: now)
        #expect(r16 == (Self.bytes("\u{1B}[05~"), 0), "not a reply after all: all of it is input")
    }
}
