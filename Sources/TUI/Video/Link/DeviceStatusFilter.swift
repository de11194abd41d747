/// Takes the terminal's device status replies (`CSI 0 n`, or `CSI 3 n` from a terminal that
/// reports a malfunction: an answer all the same) out of what it sends, so they never reach key
/// handling: each is a frame on the screen for ``EndToEndPacer``. Everything else (keys, mouse
/// reports) comes out in order. A read that ends in the start of a reply (`ESC`, `ESC [`,
/// `ESC [ 0`) keeps that start until the next read, or until ``hold`` has passed (then it was a
/// key: Escape, Alt-[): a reply split between two reads is still taken out whole.
///
/// ```swift
/// var filter = DeviceStatusFilter()
/// let (keys, replies) = filter.feed(bytesRead, now: .now)
/// for _ in 0..<replies { pacer.acknowledged(now: .now) }
/// screen.pushBack(keys)
/// ```
struct DeviceStatusFilter: Sendable {
    /// How long the start of a reply is kept waiting for its end.
    static let hold: Duration = .milliseconds(30)

    private var held: [UInt8] = []
    private var heldSince: ContinuousClock.Instant?

    /// When the held bytes are to be given up as keys (``release(now:)``); nil when none are held.
    var releaseTime: ContinuousClock.Instant? { heldSince.map { $0 + Self.hold } }

    /// Takes bytes read from the terminal; returns the bytes that are not replies, in order, and
    /// how many replies there were.
    mutating func feed(_ bytes: some Sequence<UInt8>, now: ContinuousClock.Instant) -> (keys: [UInt8], replies: Int) {
        let input = held + bytes
        held.removeAll()
        heldSince = nil
        var keys: [UInt8] = []
        var replies = 0
        var i = 0
        while i < input.count {
            guard input[i] == 0x1B else {
                keys.append(input[i])
                i += 1
                continue
            }
            switch Self.match(input, at: i) {
            case .reply:
                replies += 1
                i += 4
            case .prefix:
                held = Array(input[i...])
                heldSince = now
                return (keys, replies)
            case .other:
                keys.append(input[i])
                i += 1
            }
        }
        return (keys, replies)
    }

    /// The held bytes once ``hold`` has passed (they were keys), else nothing.
    mutating func release(now: ContinuousClock.Instant) -> [UInt8] {
        guard let time = releaseTime, now >= time else { return [] }
        defer { held.removeAll(); heldSince = nil }
        return held
    }

    private enum Match { case reply, prefix, other }

    /// `ESC [ 0 n` or `ESC [ 3 n` at `start`; `prefix` when the bytes end before it could be told.
    private static func match(_ bytes: [UInt8], at start: Int) -> Match {
        let pattern: [UInt8?] = [0x1B, 0x5B, nil, 0x6E]   // nil: 0 or 3
        for offset in 0..<pattern.count {
            let i = start + offset
            guard i < bytes.count else { return .prefix }
            if let expected = pattern[offset] {
                guard bytes[i] == expected else { return .other }
            } else {
                guard bytes[i] == 0x30 || bytes[i] == 0x33 else { return .other }
            }
        }
        return .reply
    }
}
