import Foundation

/// Which time windows of events the timeline still has to fetch (`since`/`until` pages, with
/// `EventBackend.allEvents(filter:)`) as its visible range moves: the visible range first, then
/// one range either side (so PgUp/PgDn find their events there), each widened backwards by
/// ``lookBehind`` (an event that began before a window and runs into it is fetched with it),
/// minus what is loaded or on its way. A value; the caller records each window it starts and
/// each that failed.
///
/// ```swift
/// var windows = TimelineWindows()
/// for window in windows.missing(visible: day) { windows.started(window); fetch(window) }
/// windows.failed(window)   // fetched again next time
/// ```
public struct TimelineWindows: Sendable, Equatable {
    /// How far before a window its fetch begins: the longest event expected to run into it.
    public static let lookBehind: TimeInterval = 3600

    /// Loaded or loading ranges, merged, in order.
    public private(set) var covered: [Range<Date>] = []

    public init() {}

    /// The windows to fetch for `visible` and its neighbours, in that order (nothing already
    /// covered; a partly covered window is fetched for its uncovered parts only).
    public func missing(visible: Range<Date>) -> [Range<Date>] {
        let span = visible.upperBound.timeIntervalSince(visible.lowerBound)
        let before = visible.lowerBound.addingTimeInterval(-span)..<visible.lowerBound
        let after = visible.upperBound..<visible.upperBound.addingTimeInterval(span)
        var wanted: [Range<Date>] = []
        for window in [visible, before, after] {
            let widened = window.lowerBound.addingTimeInterval(-Self.lookBehind)..<window.upperBound
            for part in uncovered(widened, besides: wanted) { wanted.append(part) }
        }
        return wanted
    }

    /// `window` is being fetched (or was): not asked for again.
    public mutating func started(_ window: Range<Date>) {
        covered = Self.merged(covered + [window])
    }

    /// Fetching `window` failed: it is missing again.
    public mutating func failed(_ window: Range<Date>) {
        covered = covered.flatMap { Self.subtract(window, from: $0) }
    }

    /// The parts of `range` that neither ``covered`` nor `also` holds.
    private func uncovered(_ range: Range<Date>, besides also: [Range<Date>]) -> [Range<Date>] {
        var parts = [range]
        for taken in covered + also {
            parts = parts.flatMap { Self.subtract(taken, from: $0) }
        }
        return parts
    }

    private static func subtract(_ taken: Range<Date>, from range: Range<Date>) -> [Range<Date>] {
        guard taken.overlaps(range) else { return [range] }
        var left: [Range<Date>] = []
        if range.lowerBound < taken.lowerBound { left.append(range.lowerBound..<taken.lowerBound) }
        if taken.upperBound < range.upperBound { left.append(taken.upperBound..<range.upperBound) }
        return left
    }

    private static func merged(_ ranges: [Range<Date>]) -> [Range<Date>] {
        var result: [Range<Date>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
