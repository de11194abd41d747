import Foundation

/// Which time windows of events the timeline still has to fetch (`since`/`until` pages, with
/// `EventBackend.allEvents(filter:)`) as its visible range moves: the visible range first, then
/// one range either side (so PgUp/PgDn find their events there), each widened backwards by
/// ``lookBehind``, minus what is loaded or on its way; then the range's reach-back
/// (``missingReachBack(visible:)``).
///
/// Both backends select a window's events by their start (the events service's `since` and
/// `until` are bounds on `startTime`, Resources/openapi.yaml; the Frigate client keeps to the
/// same), so an event that began before every fetched window and runs into the range shown (a
/// recording of three days until now) is found only by fetching back to its start. The
/// reach-back does that, up to ``reachBack`` before the range, once per stretch of time; of what
/// it brings only events that ``keeps(start:end:)`` are kept, so a busy week costs requests, not
/// memory. An event that began earlier still is not drawn.
///
/// ```swift
/// var windows = TimelineWindows()
/// for window in windows.missing(visible: day) { windows.started(window); fetch(window) }
/// for window in windows.missingReachBack(visible: day) { windows.startedReachBack(window); fetch(window) }
/// windows.failed(window)   // fetched again next time
/// ```
public struct TimelineWindows: Sendable, Equatable {
    /// How far before a window its fetch begins, so that an event that began just before it
    /// comes with the window's first pages.
    public static let lookBehind: TimeInterval = 3600

    /// How far before the range shown the timeline looks for events still running into it: a
    /// week (the widest zoom).
    public static let reachBack: TimeInterval = 7 * 86400

    /// Loaded or loading ranges, merged, in order: every event that starts in them is kept.
    public private(set) var covered: [Range<Date>] = []

    /// Reach-back ranges fetched or on their way, merged, in order: only their events that
    /// ``keeps(start:end:)`` were kept.
    public private(set) var reached: [Range<Date>] = []

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

    /// The windows to fetch so that an event that began up to ``reachBack`` before `visible` and
    /// runs into it is drawn: that stretch minus what is covered or reached back already (so
    /// moving a day back asks for one more day, not a week).
    public func missingReachBack(visible: Range<Date>) -> [Range<Date>] {
        let stretch = visible.lowerBound.addingTimeInterval(-Self.reachBack)..<visible.lowerBound
        var parts = [stretch]
        for taken in covered + reached {
            parts = parts.flatMap { Self.subtract(taken, from: $0) }
        }
        return parts.reversed()   // the nearest first
    }

    /// `window` is being fetched (or was): not asked for again.
    public mutating func started(_ window: Range<Date>) {
        covered = Self.merged(covered + [window])
    }

    /// The reach-back `window` is being fetched (or was): not asked for again.
    public mutating func startedReachBack(_ window: Range<Date>) {
        reached = Self.merged(reached + [window])
    }

    /// Fetching `window` (either kind) failed: it is missing again.
    public mutating func failed(_ window: Range<Date>) {
        covered = covered.flatMap { Self.subtract(window, from: $0) }
        reached = reached.flatMap { Self.subtract(window, from: $0) }
    }

    /// Whether a fetched event from `start` to `end` (its start again for a moment) is kept: it
    /// reaches into a covered range, or it is longer than ``lookBehind``. A shorter one left out
    /// can only ever run into a range whose windows fetch it themselves, from ``lookBehind``
    /// before that range; a longer one may run into a range shown later, whose reach-back skips
    /// the stretch already reached.
    public func keeps(start: Date, end: Date) -> Bool {
        if end.timeIntervalSince(start) > Self.lookBehind { return true }
        return covered.contains { $0.contains(start) || (start < $0.upperBound && end > $0.lowerBound) }
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
