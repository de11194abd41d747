import Foundation
import Networking
import PlaybackProxy

/// Turns a proxy's request records into download-rate reports for the status bar: the rate over
/// the last seconds (``DownloadRate``), reported at most once per ``interval`` and only when a
/// record with bytes arrives (nothing flows, nothing is reported, no timer runs).
///
/// ```swift
/// var meter = DownloadRateMeter()
/// if let rate = meter.add(record, now: Date()) { notify(rate) }   // bytes per second
/// ```
public struct DownloadRateMeter: Sendable, Equatable {
    /// Shortest time between two reports (seconds).
    public static let interval: TimeInterval = 1
    private var rate = DownloadRate()
    private var lastReport: Date?

    public init() {}

    /// Counts `record`; returns the rate (bytes per second) when a report is due.
    public mutating func add(_ record: RequestRecord, now: Date) -> Double? {
        guard record.bytes > 0 else { return nil }
        rate.add(record)
        if let lastReport, now.timeIntervalSince(lastReport) < Self.interval { return nil }
        lastReport = now
        return rate.bytesPerSecond(now: now)
    }
}
