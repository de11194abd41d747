import Foundation
import Networking
import PlaybackProxy

/// Turns a proxy's request records into download-rate reports for the status bar: the rate over
/// the last seconds (``DownloadRate``), reported at most once per ``interval``, and only when
/// records with bytes arrive: a record inside the interval asks for one trailing report at the
/// interval's end (so the last burst is not lost), nothing flowing reports nothing and needs no
/// timer.
///
/// ```swift
/// var meter = DownloadRateMeter()
/// switch meter.add(record, now: Date()) {
/// case .now(let rate): notify(rate)                                 // bytes per second
/// case .at(let date): schedule(at: date) { notify(meter.trailing(now: Date())) }
/// case .none: break
/// }
/// ```
public struct DownloadRateMeter: Sendable, Equatable {
    public enum Report: Sendable, Equatable {
        /// Report this rate now.
        case now(Double)
        /// Report ``trailing(now:)`` at this time (asked once per interval).
        case at(Date)
        case none
    }

    /// Shortest time between two reports (seconds).
    public static let interval: TimeInterval = 1
    private var rate = DownloadRate()
    private var lastReport: Date?
    private var trailingDue: Date?

    public init() {}

    /// Counts `record` and says when to report.
    public mutating func add(_ record: RequestRecord, now: Date) -> Report {
        guard record.bytes > 0 else { return .none }
        rate.add(record)
        guard let lastReport, now.timeIntervalSince(lastReport) < Self.interval else {
            lastReport = now
            return .now(rate.bytesPerSecond(now: now))
        }
        guard trailingDue == nil else { return .none }
        let due = lastReport.addingTimeInterval(Self.interval)
        trailingDue = due
        return .at(due)
    }

    /// The trailing report asked for by ``add(_:now:)``.
    public mutating func trailing(now: Date) -> Double {
        trailingDue = nil
        lastReport = now
        return rate.bytesPerSecond(now: now)
    }
}
