import Foundation
import Networking

/// The download rate over the last few seconds, from the proxy's request records, for the
/// status bar. A pure value: feed it records, ask it with the time.
///
/// ```swift
/// var rate = DownloadRate()
/// for await event in proxy.events() {
///     if case .request(let record) = event { rate.add(record) }
///     statusBar.rate = rate.text(now: Date())          // "1.2 MB/s"
/// }
/// ```
public struct DownloadRate: Sendable, Equatable {
    /// Seconds of records counted (5).
    public var window: TimeInterval
    private var samples: [(end: Date, bytes: Int)] = []

    public init(window: TimeInterval = 5) {
        self.window = window
    }

    /// Counts `record`'s bytes at the time its last byte arrived.
    public mutating func add(_ record: RequestRecord) {
        guard record.bytes > 0 else { return }
        samples.append((record.date.addingTimeInterval(record.milliseconds / 1000), record.bytes))
        let oldest = samples.last!.end.addingTimeInterval(-window)
        samples.removeAll { $0.end < oldest }
    }

    /// Bytes per second over the ``window`` before `now`.
    public func bytesPerSecond(now: Date) -> Double {
        let since = now.addingTimeInterval(-window)
        return Double(samples.filter { $0.end >= since && $0.end <= now }.reduce(0) { $0 + $1.bytes }) / window
    }

    /// `"850 kB/s"`, `"1.2 MB/s"`; `"0 B/s"` when idle.
    public func text(now: Date) -> String {
        Self.text(bytesPerSecond: bytesPerSecond(now: now))
    }

    /// `"850 kB/s"`, `"1.2 MB/s"`, `"0 B/s"` for a rate in bytes per second.
    public static func text(bytesPerSecond rate: Double) -> String {
        switch rate {
        case ..<1000: return "\(Int(rate)) B/s"
        case ..<1_000_000: return "\(Int(rate / 1000)) kB/s"
        default: return String(format: "%.1f MB/s", rate / 1_000_000)
        }
    }

    public static func == (lhs: DownloadRate, rhs: DownloadRate) -> Bool {
        lhs.window == rhs.window && lhs.samples.elementsEqual(rhs.samples) { $0.end == $1.end && $0.bytes == $1.bytes }
    }
}
