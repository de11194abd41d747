/// Paces terminal video by what the terminal itself has drawn, end to end. ``LinkPacer`` watches
/// the local pty, but over SSH sshd drains the pty at once into its channel window and TCP
/// buffers (megabytes): frames queue beyond its sight and every key waits behind them. So after
/// each frame the writer asks the terminal for its status (`CSI 5 n`, ``request``); a terminal
/// answers (`CSI 0 n`) in order, once it has processed every byte before the question: each reply
/// says one more frame has reached the screen. The replies are read out of the input before key
/// handling (``DeviceStatusFilter``).
///
/// From the replies the pacer knows the frames still on their way and measures the link: each
/// reply's frame took the time from when it could start (sent, or the previous frame drawn) to
/// its reply, so bytes over those times is the rate the link delivers (``rate``). A frame written
/// on an idle link also waits one round trip for its reply, which says nothing of the link's
/// rate: a far but fast link (200 ms away) would look slow and lose its picture's detail for
/// nothing. So now and then, on an idle link, a request goes alone just before a frame
/// (``wantsRoundTrip(now:)``): its reply measures the round trip (``roundTrip``), which is taken
/// off each frame's time, and a frame's bytes count as travelling from when the frame before
/// reached the terminal (its reply less the round trip), not from that reply. A new frame may
/// go when (1) the frames in flight would reach the screen within ``queueBudget`` at that rate
/// (before the first reply: when none is in flight), and (2) the link has been busy with pictures
/// for at most ``duty`` of the time: after a frame of `b` bytes the next waits `b / rate / duty`.
/// A key's screen update then finds the link idle half the time and otherwise waits for the rest
/// of one frame. A terminal that never answers (or stops answering) does not stall the picture:
/// after ``probeTimeout`` without a first reply, or ``lostLimit`` timeouts in a row, the pacer is
/// ``State/unsupported`` and the writer falls back to ``LinkPacer``; a reply arriving later makes
/// it pace again. A value: time is passed in.
///
/// ```swift
/// var pacer = EndToEndPacer()
/// guard pacer.allows(now: .now) else { return drop() }
/// write(frame + EndToEndPacer.request)
/// pacer.sent(bytes: frame.count, now: .now)
/// // … the loop reads `CSI 0 n` from the terminal:
/// pacer.acknowledged(now: .now)
/// ```
struct EndToEndPacer: Sendable {
    enum State: Sendable, Equatable {
        /// No reply yet: one frame at a time, ``LinkPacer`` as well.
        case probing
        /// The terminal answers: frames are paced by its replies alone.
        case acknowledged
        /// The terminal did not answer in time: ``LinkPacer`` paces; a late reply comes back here.
        case unsupported
    }

    /// Device status report: the terminal answers `CSI 0 n` once everything before it was processed.
    static let request: [UInt8] = Array("\u{1B}[5n".utf8)
    /// Of the time, how much the link may be busy with pictures (the rest is the keys').
    static let duty = 0.5
    /// Frames in flight may hold the link this long at most when another is written.
    static let queueBudget = 0.05
    /// Never more frames in flight than this.
    static let maxInFlight = 4
    /// How long the first reply may take before the terminal is taken not to answer: this long, or
    /// the first frames' time at ``slowestRate`` (a 200 KB kitty image at 50 kB/s takes 4 s).
    static let probeTimeout: Duration = .seconds(4)
    /// The slowest link the first reply's timeout allows for, bytes a second.
    static let slowestRate = 20_000.0
    /// Frames kept in flight while the terminal does not answer (a late reply finds them).
    static let unansweredLimit = 64
    /// How long a later reply may take, at least (else four times the frames' time at ``rate``).
    static let ackTimeout: Duration = .seconds(2)
    /// Timeouts in a row after which the terminal is taken to have stopped answering.
    static let lostLimit = 3
    /// Replies whose frames measure the rate (the latest).
    static let rateSamples = 8
    /// The window frames per second are counted over.
    static let fpsWindow: Duration = .seconds(2)
    /// How often the round trip is measured again (a lone request on an idle link).
    static let roundTripInterval: Duration = .seconds(3)
    /// Round trips kept; the shortest is the link's (the others waited for something).
    static let roundTripSamples = 20
    /// The shortest time a frame counts as taking, seconds.
    static let shortestSample = 0.001

    private(set) var state = State.probing
    /// Frames written whose reply has not come: their size and when their first byte was written
    /// (a frame a full pty took slowly was on its way from then: timed from its last byte, a link
    /// behind a slow pty measured two to ten times its rate).
    private(set) var inFlight: [(bytes: Int, sentAt: ContinuousClock.Instant)] = []
    /// The rate the link delivers to the terminal, bytes a second; nil before the first reply.
    private(set) var rate: Double?
    /// Frames that timed out (their reply lost, or never coming).
    private(set) var lost = 0
    /// The time a lone request's reply takes, seconds: the shortest of the latest; nil before one.
    var roundTrip: Double? { roundTrips.min() }
    private var roundTrips: [Double] = []
    private var lastRoundTripAt: ContinuousClock.Instant?
    private var samples: [(bytes: Int, seconds: Double)] = []
    private var lastReplyAt: ContinuousClock.Instant?
    private var nextFrameAt: ContinuousClock.Instant?
    private var timeoutsInARow = 0
    private var replyTimes: [ContinuousClock.Instant] = []
    /// When frames were held back (the link, not the source, set the pace), over ``fpsWindow``.
    private var heldTimes: [ContinuousClock.Instant] = []

    /// The replies steer the pacing (else ``LinkPacer`` does, alone or as well).
    var isAcknowledged: Bool { state == .acknowledged }

    var bytesInFlight: Int { inFlight.reduce(0) { $0 + $1.bytes } }

    /// True when a new frame may be written now. Also gives up on replies that are overdue.
    mutating func allows(now: ContinuousClock.Instant) -> Bool {
        expire(now: now)
        let allowed: Bool
        switch state {
        case .unsupported:
            return true
        case .probing:
            allowed = inFlight.isEmpty
        case .acknowledged:
            guard let rate else { allowed = inFlight.isEmpty; break }
            if let next = nextFrameAt, now < next {
                allowed = false
            } else if inFlight.isEmpty {
                allowed = true
            } else {
                // What is left of the frames in flight: the oldest has been on its way since it
                // was written or the frame before it was drawn.
                let left = Double(bytesInFlight) - rate * Self.seconds(now - transferStart(sentAt: inFlight[0].sentAt))
                allowed = inFlight.count < Self.maxInFlight && left / rate <= Self.queueBudget
            }
        }
        if !allowed {
            heldTimes.append(now)
            heldTimes.removeAll { now - $0 >= Self.fpsWindow }
        }
        return allowed
    }

    /// True when a lone request should go before the next frame, to measure the round trip: the
    /// link is idle (nothing in flight) and the last measure is ``roundTripInterval`` old.
    func wantsRoundTrip(now: ContinuousClock.Instant) -> Bool {
        state != .unsupported && inFlight.isEmpty && lastRoundTripAt.map { now - $0 >= Self.roundTripInterval } ?? true
    }

    /// A lone ``request`` went to the terminal at `now` (its reply measures the round trip).
    mutating func sentRoundTrip(now: ContinuousClock.Instant) {
        lastRoundTripAt = now
        inFlight.append((0, now))
    }

    /// A frame of `bytes` (its ``request`` at the end) went to the terminal whole at `now`, its
    /// first byte at `startedAt` (nil: the same moment). Also while the terminal does not answer:
    /// a late reply then knows what is still on its way.
    mutating func sent(bytes: Int, now: ContinuousClock.Instant, startedAt: ContinuousClock.Instant? = nil) {
        inFlight.append((bytes, min(startedAt ?? now, now)))
        if inFlight.count > Self.unansweredLimit {
            inFlight.removeFirst()
            lost += 1
        }
        if let rate {
            nextFrameAt = now + .seconds(Double(bytes) / rate / Self.duty)
        }
    }

    /// The terminal answered one request: the oldest frame in flight is on the screen. After a
    /// fallback the terminal was slow, not silent: the replies pace again, the frames written
    /// meanwhile still in flight.
    mutating func acknowledged(now: ContinuousClock.Instant) {
        guard !inFlight.isEmpty else {   // the reply of a frame given up as lost
            if state == .unsupported { state = .acknowledged }
            return
        }
        let frame = inFlight.removeFirst()
        timeoutsInARow = 0
        if frame.bytes == 0 {   // a lone request on an idle link: the round trip
            roundTrips.append(Self.seconds(now - frame.sentAt))
            if roundTrips.count > Self.roundTripSamples { roundTrips.removeFirst() }
            lastReplyAt = now
            // The terminal answers, but no frame was timed yet: while probing, the first frame
            // keeps the probe's patience (a 250 KB image at 50 kB/s takes 5 s, not the 2 s after
            // which a later frame counts as lost: three such losses flooded the link).
            if state == .unsupported { state = .acknowledged }
            return
        }
        state = .acknowledged
        // The frame's bytes reached the terminal from when it was written or the frame before had
        // reached it (its reply less the way back), and its reply took the way back too.
        // A small frame on a fast link takes less than the clock's and the loop's noise: counted as
        // ``shortestSample`` (the rate is then a floor, and larger frames measure it better).
        let start = transferStart(sentAt: frame.sentAt)
        let seconds = max(Self.seconds(now - start) - (roundTrip ?? 0), Self.shortestSample)
        samples.append((frame.bytes, seconds))
        if samples.count > Self.rateSamples { samples.removeFirst() }
        let total = samples.reduce((bytes: 0, seconds: 0.0)) { ($0.bytes + $1.bytes, $0.seconds + $1.seconds) }
        if total.bytes > 0 { rate = Double(total.bytes) / total.seconds }
        lastReplyAt = now
        replyTimes.append(now)
        replyTimes.removeAll { now - $0 >= Self.fpsWindow }
    }

    /// Frames that reached the screen a second, over the last ``fpsWindow``.
    func framesPerSecond(now: ContinuousClock.Instant) -> Double {
        Double(replyTimes.filter { now - $0 < Self.fpsWindow }.count) / Self.seconds(Self.fpsWindow)
    }

    /// What the link allows, for the status bar (`link 95 kB/s · 4 fps`), while the link sets the
    /// pace: over the last ``fpsWindow`` it held back at least half as many frames as reached the
    /// screen (a fast link that holds one frame of a burst now and then says nothing); nil otherwise.
    func linkText(now: ContinuousClock.Instant) -> String? {
        let held = heldTimes.filter { now - $0 < Self.fpsWindow }.count
        let fps = framesPerSecond(now: now)
        guard state == .acknowledged, let rate, held >= 2, Double(held) >= fps * Self.seconds(Self.fpsWindow) / 2 else { return nil }
        let tenths = (fps * 10).rounded()
        let fpsText = fps >= 10 || tenths.truncatingRemainder(dividingBy: 10) == 0 ? "\(Int(fps.rounded()))" : String(format: "%.1f", tenths / 10)
        return "link \(Self.rateText(rate)) · \(fpsText) fps"
    }

    /// A rate in kB/s (two significant figures) or MB/s.
    static func rateText(_ rate: Double) -> String {
        let kB = rate / 1000
        if kB >= 1000 { return String(format: "%.1f MB/s", kB / 1000) }
        if kB >= 100 { return "\(Int((kB / 10).rounded()) * 10) kB/s" }
        if kB >= 10 { return "\(Int(kB.rounded())) kB/s" }
        return String(format: "%.1f kB/s", kB)
    }

    /// When a frame written at `sentAt` began to travel as the terminal sees it, shifted to the
    /// writer's clock: when written, or when the frame before it had reached the terminal (its
    /// reply less the round trip), whichever is later.
    private func transferStart(sentAt: ContinuousClock.Instant) -> ContinuousClock.Instant {
        guard let lastReplyAt else { return sentAt }
        return max(sentAt, lastReplyAt - .seconds(roundTrip ?? 0))
    }

    /// Gives up on replies that are overdue: the first after ``probeTimeout`` (the terminal does
    /// not answer), later ones after ``ackTimeout`` or four times their frames' time (lost).
    private mutating func expire(now: ContinuousClock.Instant) {
        guard let oldest = inFlight.first else { return }
        let age = now - oldest.sentAt
        switch state {
        case .probing:
            guard age > max(Self.probeTimeout, .seconds(Double(bytesInFlight) / Self.slowestRate)) else { return }
            state = .unsupported
            lost += inFlight.count
            inFlight.removeAll()
            return
        case .acknowledged:
            let expected = rate.map { Duration.seconds(4 * Double(bytesInFlight) / $0) } ?? .zero
            guard age > max(Self.ackTimeout, expected) else { return }
            timeoutsInARow += 1
            if timeoutsInARow >= Self.lostLimit { state = .unsupported }
        case .unsupported:
            return
        }
        lost += inFlight.count
        inFlight.removeAll()
        nextFrameAt = nil
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
