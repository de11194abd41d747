/// Paces frames to what the link to the terminal drains, for terminals whose output queue cannot
/// be measured: a pty (tmux, SSH, any terminal emulator) answers `TIOCOUTQ` with 0, so
/// ``VideoPaneWriter/backlogLimit`` never sees the queue, and the kernel takes about 18 KB
/// before a write would block; over a slow link a key's screen update then waits behind all of
/// it. The pacer learns the drain rate between two moments the terminal is full (every byte it
/// takes in between is a byte that left; when it filled without such a measurement, it backs
/// off), its capacity from the first write that filled it, and from then on lets a frame go only
/// when the bytes before it have (by that rate) left the queue, so the queue holds about one
/// frame. It raises its rate slowly while the terminal does not fill, so a faster link is found
/// again. A value: time is passed in. Measured (scripts/bench-slow-link, 120×40 sextant, 200 kB/s
/// link, busy machine): keys answered in 10–11 ms median (max 38–59) instead of 123 ms (max
/// 141); the picture gets 57–84 of the 200 kB/s (it skips frames; the pacer errs on the side of
/// the keys). Where the terminal answers status requests, ``EndToEndPacer`` paces instead (it
/// sees the whole way, through SSH too); this pacer is its fallback, and paces alongside it until
/// the first reply.
///
/// ```swift
/// var pacer = LinkPacer()
/// guard pacer.allows(now: .now) else { return drop() }
/// let taken = sink.write(bytes)
/// pacer.wrote(taken, of: bytes.count, now: .now)
/// ```
struct LinkPacer {
    /// Estimated drain rate in bytes per second; nil until the terminal was full once.
    private(set) var rate: Double?
    /// Bytes the terminal took before it was full the first time (its queue's size).
    private(set) var capacity: Int?
    /// When the bytes written so far are estimated to have left the queue.
    private(set) var drainedAt: ContinuousClock.Instant?
    /// While the terminal is full: since when, and the bytes it took since (= bytes that left).
    private var fullSince: ContinuousClock.Instant?
    private var takenWhileFull = 0
    /// A rate sample was taken during the current full period.
    private var sampled = false
    /// Rate factor when the terminal filled and no sample could be taken.
    static let backoff = 0.9
    /// A frame may start this long before the queue is estimated empty.
    static let slack: Duration = .milliseconds(10)
    /// The shortest time between two full moments that makes a rate sample (shorter ones see the
    /// pty's chunked reads, not the link).
    static let sampleTime = 0.05
    /// Rate growth per frame written without filling the terminal.
    static let probe = 1.01
    /// The slowest rate it believes (bytes a second): a terminal that stays full and takes nothing
    /// for seconds (an SSH session stalled) makes every sample 0, and halving towards 0 made a
    /// wait too long for a `Duration` (a crash). A link this slow gets a frame a few seconds.
    static let slowestRate = 1_000.0
    /// The longest it waits for the queue to drain; after it a frame is let go, and the terminal's
    /// taking it or not measures the link again.
    static let longestWait = 5.0

    /// True when a new frame may be written now.
    func allows(now: ContinuousClock.Instant) -> Bool {
        guard let drainedAt else { return true }
        return now >= drainedAt - Self.slack
    }

    /// `taken` of `offered` bytes went to the terminal at `now` (a frame, or the rest of one).
    mutating func wrote(_ taken: Int, of offered: Int, now: ContinuousClock.Instant) {
        let full = taken < offered
        guard full else {
            if let since = fullSince {
                // Filled, then emptied without a second full moment to measure between: back off.
                // (No rate yet: nothing is known, a fast terminal that filled for a moment stays unpaced.)
                if !sampled { rate = rate.map { max(Self.slowestRate, $0 * Self.backoff) } }
                fullSince = nil
                if let rate {
                    // Full at `since`; what went in after, less what left: the queue now.
                    let queued = Double(capacity ?? taken) + Double(takenWhileFull + taken) - rate * Self.seconds(now - since)
                    drainedAt = now + Self.wait(max(0, queued), rate: rate)
                }
                return
            }
            guard let rate else { return }
            drainedAt = max(now, drainedAt ?? now) + Self.wait(Double(taken), rate: rate)
            self.rate = rate * Self.probe
            return
        }
        if let since = fullSince {
            // Full at both ends: every byte taken in between is a byte that left.
            takenWhileFull += taken
            let elapsed = Self.seconds(now - since)
            if elapsed >= Self.sampleTime {
                let sample = Double(takenWhileFull) / elapsed
                rate = max(Self.slowestRate, rate.map { 0.5 * $0 + 0.5 * sample } ?? sample)
                sampled = true
                fullSince = now
                takenWhileFull = 0
            }
        } else {
            if capacity == nil, rate == nil { capacity = taken }
            fullSince = now
            takenWhileFull = 0
            sampled = false
        }
    }

    /// How long `bytes` take to leave at `rate`, at most ``longestWait``.
    static func wait(_ bytes: Double, rate: Double) -> Duration {
        .milliseconds(Int((min(longestWait, bytes / max(slowestRate, rate)) * 1000).rounded(.up)))
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}


