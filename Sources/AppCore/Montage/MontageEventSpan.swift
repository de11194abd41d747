import EventsAPI
import Foundation

/// The stretch of time whose events a montage has asked the server for, and when it needs the
/// next: the montage fetches the events around its moment when it opens, and again around the
/// clock's moment once the clock comes within ``margin`` of either end of what was fetched
/// (played on, or sought past it), so that a tile keeps finding its camera's next event.
///
/// ```swift
/// var span = MontageEventSpan(around: moment)            // fetch span.filter
/// if let next = span.next(at: snapshot.wallTime) {        // on every report
///     span = next                                         // fetch next.filter
/// }
/// ```
public struct MontageEventSpan: Sendable, Equatable {
    /// Events starting in this range are asked for.
    public let range: Range<Date>

    /// How far on either side of a moment events are fetched (besides ``TimelineWindows/lookBehind``
    /// before it, for an event that began earlier and still runs at the moment).
    public static let reach: TimeInterval = 3600
    /// How close the clock may come to an end of the span before the next one is fetched.
    public static let margin: TimeInterval = 600

    /// The events around `moment`: starting from an hour and the look-behind before it to an hour after it.
    public init(around moment: Date) {
        range = moment.addingTimeInterval(-TimelineWindows.lookBehind - Self.reach)..<moment.addingTimeInterval(Self.reach)
    }

    /// The request for the span's events.
    public var filter: EventFilter { EventFilter(since: range.lowerBound, until: range.upperBound) }

    /// The span to fetch for the clock at `wall`, or nil while this one covers it with ``margin``
    /// to spare on both sides (an event running at `wall` may have begun a look-behind earlier).
    public func next(at wall: Date) -> MontageEventSpan? {
        let earliest = range.lowerBound.addingTimeInterval(TimelineWindows.lookBehind + Self.margin)
        let latest = range.upperBound.addingTimeInterval(-Self.margin)
        return earliest <= wall && wall <= latest ? nil : MontageEventSpan(around: wall)
    }
}
