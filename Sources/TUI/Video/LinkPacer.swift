/// Paces frames to what the link to the terminal drains, for terminals whose output queue cannot
/// be measured: a pty (tmux, SSH, any terminal emulator) answers `TIOCOUTQ` with 0, so
/// ``VideoPaneWriter/backlogLimit`` never sees the queue, and the kernel takes about 18 KB
/// before a write would block; over a slow link a key's screen update then waits behind all of
/// it. The pacer learns the drain rate while the terminal is full (every byte it takes then is a
/// byte that left), its capacity from the first write that filled it, and from then on lets a
/// frame go only when the bytes before it have (by that rate) left the queue, so the queue holds
/// about one frame. It raises its rate slowly while the terminal never fills, so a faster link
/// is found again. A value: time is passed in.
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
    /// A frame may start this long before the queue is estimated empty.
    static let slack: Duration = .milliseconds(10)
    /// Rate growth per frame written without filling the terminal.
    static let probe = 1.005

    /// True when a new frame may be written now.
    func allows(now: ContinuousClock.Instant) -> Bool {
        guard let drainedAt else { return true }
        return now >= drainedAt - Self.slack
    }

    /// `taken` of `offered` bytes went to the terminal at `now` (a frame, or the rest of one).
    mutating func wrote(_ taken: Int, of offered: Int, now: ContinuousClock.Instant) {
        let full = taken < offered
        if fullSince != nil {
            takenWhileFull += taken
        } else if full {
            if capacity == nil, rate == nil { capacity = taken }
            fullSince = now
            takenWhileFull = 0
        }
        if !full, let since = fullSince {
            let elapsed = Self.seconds(now - since)
            if elapsed >= 0.005, takenWhileFull > 0 {
                let sample = Double(takenWhileFull) / elapsed
                rate = rate.map { 0.5 * $0 + 0.5 * sample } ?? sample
            }
            fullSince = nil
            if let rate { drainedAt = now + .seconds(Double(capacity ?? taken) / rate) }
            return
        }
        guard let rate, !full, fullSince == nil else { return }
        let start = max(now, drainedAt ?? now)
        drainedAt = start + .seconds(Double(taken) / rate)
        self.rate = rate * Self.probe
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
