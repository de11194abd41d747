/// The rule a streamed body keeps, as a pure value: at least ``minimumBytes`` every `seconds`
/// (the request timeout of its kind), counted from the head.
///
/// A streamed body (media through the playback proxy) is long-lived by nature: the player reads
/// it as fast as it plays, so the whole response can have no deadline. A server that stops, or
/// drips a byte a second, still fails it: each window of `seconds` must bring ``minimumBytes``
/// (16 KiB: a segment at that rate is useless anyway); a window that does starts the next.
///
/// ```swift
/// var pace = BodyPace(seconds: 60, now: .now)
/// pace.received(4096, at: .now)
/// let deadline = pace.deadline      // when the next chunk must have come, at the latest
/// ```
struct BodyPace: Sendable {
    /// Bytes each window must bring.
    static let minimumBytes = 16 << 10

    /// The length of a window.
    let seconds: Double
    /// When the current window started.
    private(set) var windowStart: ContinuousClock.Instant
    /// Bytes received in the current window.
    private(set) var bytes = 0

    init(seconds: Double, now: ContinuousClock.Instant) {
        self.seconds = seconds
        windowStart = now
    }

    /// The current window ends here: a pull still waiting then fails.
    var deadline: ContinuousClock.Instant { windowStart + .milliseconds(Int64((seconds * 1000).rounded(.up))) }

    /// `count` bytes arrived at `now`.
    mutating func received(_ count: Int, at now: ContinuousClock.Instant) {
        bytes += count
        if bytes >= Self.minimumBytes {
            windowStart = now
            bytes = 0
        }
    }

    /// What a body that broke the rule says.
    var failure: TransportError {
        TransportError(message: "the server sent less than \(byteSize(Self.minimumBytes)) in \(NetworkError.seconds(seconds))",
                       isTimeout: true)
    }
}
