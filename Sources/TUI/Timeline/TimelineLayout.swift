import PlaybackStates
import Foundation

/// One event on the timeline, as the layout needs it (a value at the module's edge: the app
/// turns its events into these).
public struct TimelineItem: Hashable, Sendable {
    public var id: String
    public var camera: String
    public var start: Date
    /// nil while the event is live: it reaches "now".
    public var end: Date?
    public var reviewed: Bool

    public init(id: String, camera: String, start: Date, end: Date?, reviewed: Bool) {
        self.id = id
        self.camera = camera
        self.start = start
        self.end = end
        self.reviewed = reviewed
    }

    /// Whether the item is on its lane at `date`: from its start up to, not including, its end
    /// (`now` while live); an item that ends at or before its start is the moment of its start.
    /// The one rule of what a lane holds: the layout draws a column where an item holds an
    /// instant of it, and the event under the cursor is one that holds the cursor's instant.
    public func holds(_ date: Date, now: Date) -> Bool {
        date == start || (date > start && date < (end ?? now))
    }

    /// How its columns show: live, reviewed or an event.
    public var cell: TimelineCell { end == nil ? .live : reviewed ? .reviewed : .event }

    /// The part of `range` the item holds: its first instant there and where that part ends
    /// (not included; the range's end when the item runs past it), both its start for a moment.
    /// nil when it holds none of the range: an item that ends on the range's first instant does
    /// not reach into it.
    public func held(in range: Range<Date>, now: Date) -> (first: Date, end: Date)? {
        let end = self.end ?? now
        guard start < range.upperBound else { return nil }
        guard end > start else { return start >= range.lowerBound ? (start, start) : nil }
        guard end > range.lowerBound else { return nil }
        return (max(start, range.lowerBound), min(end, range.upperBound))
    }
}

/// How much time the timeline spans, and the steps that go with it.
public enum TimelineZoom: String, CaseIterable, Sendable {
    case hour, day, week

    /// The time the lanes cover.
    public var span: TimeInterval {
        switch self {
        case .hour: 3600
        case .day: 86400
        case .week: 7 * 86400
        }
    }

    /// One cursor step (← and →).
    public var step: TimeInterval {
        switch self {
        case .hour: 60
        case .day: 600
        case .week: 3600
        }
    }

    /// The time each count under the lanes covers: an hour at day zoom (the issue's "events per
    /// hour"), ten minutes at hour zoom, a day at week zoom.
    public var bucket: TimeInterval {
        switch self {
        case .hour: 600
        case .day: 3600
        case .week: 86400
        }
    }

    /// The time between two labels on the axis (more when the lanes are narrow).
    func labelEvery(columns: Int) -> TimeInterval {
        switch self {
        case .hour: columns >= 72 ? 600 : 1200
        case .day: columns >= 96 ? 3 * 3600 : 6 * 3600
        case .week: 86400
        }
    }

    /// The next zoom in (`+`) or out (`-`); nil past the ends.
    public var zoomedIn: TimelineZoom? { self == .week ? .day : self == .day ? .hour : nil }
    public var zoomedOut: TimelineZoom? { self == .hour ? .day : self == .day ? .week : nil }
}

/// What one column of a lane shows: the strongest of the events in its time (live over not yet
/// reviewed over reviewed), else whether the camera recorded then (an NVR's continuous recording).
public enum TimelineCell: Int, Hashable, Sendable, Comparable {
    case empty, recorded, reviewed, event, live

    public static func < (a: TimelineCell, b: TimelineCell) -> Bool { a.rawValue < b.rawValue }
}

/// The timeline of every camera over a time range, laid out in columns: one lane per camera with
/// its events as blocks at their real start and length, a count of events per bucket
/// (``TimelineZoom/bucket``), and the axis labels in local time. Pure: built from values, O(events
/// + lanes × columns) (each event marks its first and last column in a difference array), so a
/// range of 100,000 events lays out in milliseconds.
///
/// ```swift
/// let layout = TimelineLayout(items: items, cameras: ["Backyard", "Front Door"], start: midnight,
///                             zoom: .day, columns: 96, now: .now, calendar: .current)
/// layout.lanes[0].cells[40]          // .event
/// layout.labels                      // [(0, "00:00"), (12, "03:00"), …]
/// ```
public struct TimelineLayout: Sendable {
    public struct Lane: Hashable, Sendable {
        public var camera: String
        public var cells: [TimelineCell]
        /// The event under the cursor in this lane (``TimelineLayout/item(under:camera:in:zoom:now:)``),
        /// when the layout was given a cursor: the cursor's cell shows it, the status line names it.
        public var underCursor: TimelineItem?
    }

    public struct Label: Hashable, Sendable {
        public var column: Int
        public var text: String
    }

    public struct Count: Hashable, Sendable {
        public var column: Int
        public var count: Int
    }

    public let start: Date
    public let zoom: TimelineZoom
    public let columns: Int
    public private(set) var lanes: [Lane] = []
    /// Events on the lanes per bucket, at the bucket's first column: each event once, in the
    /// bucket it starts in, or the first bucket when it began before the range and runs into it.
    public private(set) var counts: [Count] = []
    public private(set) var labels: [Label] = []

    /// Seconds one column covers.
    public var secondsPerColumn: TimeInterval { zoom.span / Double(max(columns, 1)) }

    /// `cameras` gives the lanes and their order (cameras without events get empty lanes; events
    /// of cameras not listed are left out); `coverage`, by camera, the spans it recorded (drawn
    /// where no event is); `cursor`, the moment whose event each lane notes (``Lane/underCursor``).
    public init(items: [TimelineItem], cameras: [String], start: Date, zoom: TimelineZoom, columns: Int, now: Date,
                calendar: Calendar, coverage: [String: [Range<Date>]] = [:], cursor: Date? = nil) {
        self.start = start
        self.zoom = zoom
        self.columns = max(columns, 0)
        guard self.columns > 0 else { return }
        let laneIndex = Dictionary(cameras.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Per lane and kind, +1 at an event's first column and -1 after its last.
        var marks = [[Int]](repeating: [Int](repeating: 0, count: (self.columns + 1) * 3), count: cameras.count)
        let bucketCount = Int((zoom.span / zoom.bucket).rounded(.up))
        var bucketCounts = [Int](repeating: 0, count: bucketCount)
        let end = start.addingTimeInterval(zoom.span)
        var underCursor = [TimelineItem?](repeating: nil, count: cameras.count)
        for item in items {
            guard let lane = laneIndex[item.camera] else { continue }
            if let cursor, Self.isUnder(item, cursor: cursor, zoom: zoom, now: now),
               underCursor[lane].map({ Self.prefers(item, over: $0, cursor: cursor, now: now) }) ?? true {
                underCursor[lane] = item
            }
            guard let held = item.held(in: start..<end, now: now), let first = column(of: held.first) else { continue }
            let last = held.end > held.first ? max(first, column(before: held.end)) : first
            let kind = item.cell == .live ? 2 : item.cell == .reviewed ? 0 : 1
            marks[lane][kind * (self.columns + 1) + first] += 1
            marks[lane][kind * (self.columns + 1) + last + 1] -= 1
            // Counted once, in the bucket where it is first on the lanes: its start's, or the
            // first bucket for an event that began before the range and runs into it.
            bucketCounts[min(Int(held.first.timeIntervalSince(start) / zoom.bucket), bucketCount - 1)] += 1
        }
        lanes = cameras.enumerated().map { index, camera in
            var cells = [TimelineCell](repeating: .empty, count: self.columns)
            for span in coverage[camera] ?? [] where span.upperBound > start && span.lowerBound < end {
                let first = column(of: max(span.lowerBound, start)) ?? 0
                let last = column(of: min(span.upperBound.addingTimeInterval(-0.001), end.addingTimeInterval(-0.001))) ?? self.columns - 1
                for index in first...max(first, last) { cells[index] = .recorded }
            }
            for (kind, cell) in [(0, TimelineCell.reviewed), (1, .event), (2, .live)] {
                var running = 0
                let base = kind * (self.columns + 1)
                for column in 0..<self.columns {
                    running += marks[index][base + column]
                    if running > 0, cell > cells[column] { cells[column] = cell }
                }
            }
            return Lane(camera: camera, cells: cells, underCursor: underCursor[index])
        }
        counts = bucketCounts.enumerated().map { bucket, count in
            Count(column: column(of: start.addingTimeInterval(Double(bucket) * zoom.bucket)) ?? 0, count: count)
        }
        labels = Self.labels(start: start, zoom: zoom, columns: self.columns, calendar: calendar)
            .compactMap { date, text in column(of: date).map { Label(column: $0, text: text) } }
    }

    /// The column showing `date`, nil outside the range.
    public func column(of date: Date) -> Int? {
        let offset = date.timeIntervalSince(start)
        guard offset >= 0, offset < zoom.span, columns > 0 else { return nil }
        return min(Int(offset / secondsPerColumn), columns - 1)
    }

    /// The last column holding instants just before `date` (a date on a column's first instant
    /// does not reach into that column), within the range.
    private func column(before date: Date) -> Int {
        let position = date.timeIntervalSince(start) / secondsPerColumn
        return max(0, min(Int(position.rounded(.up)) - 1, columns - 1))
    }

    /// The labels of the axis: local wall-clock times at every ``TimelineZoom/labelEvery(columns:)``
    /// ("00:00", "03:00"; "Mon 24" at week zoom), from the first in the range. Computed per local
    /// day, so a daylight-saving day still labels 03:00 where the clock says 03:00.
    static func labels(start: Date, zoom: TimelineZoom, columns: Int, calendar: Calendar) -> [(Date, String)] {
        let every = Int(zoom.labelEvery(columns: columns) / 60)   // minutes
        let end = start.addingTimeInterval(zoom.span)
        var labels: [(Date, String)] = []
        var day = calendar.startOfDay(for: start)
        while day < end {
            let minutesOfDay = zoom == .week ? [0] : Array(stride(from: 0, to: 24 * 60, by: every))
            for minute in minutesOfDay {
                guard let date = calendar.date(bySettingHour: minute / 60, minute: minute % 60, second: 0, of: day),
                      date >= start, date < end else { continue }
                let c = calendar.dateComponents([.hour, .minute, .day, .weekday], from: date)
                let text = zoom == .week
                    ? "\(WallTimeText.weekday(c)) \(c.day ?? 1)"
                    : "\(WallTimeText.two(c.hour ?? 0)):\(WallTimeText.two(c.minute ?? 0))"
                if labels.last?.0 != date { labels.append((date, text)) }
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return labels
    }

    /// The event at `date` in `camera`'s lane: the one holding it (``TimelineItem/holds(_:now:)``,
    /// the rule the lanes are drawn by; the latest to start when several do), nil when none does.
    public static func item(at date: Date, camera: String, in items: [TimelineItem], now: Date) -> TimelineItem? {
        best(items.lazy.filter { $0.camera == camera && $0.holds(date, now: now) }, cursor: date, now: now)
    }

    /// The event under the cursor in `camera`'s lane: the one holding the cursor's moment (the
    /// latest to start when several do), else the first to start within one step
    /// (``TimelineZoom/step``) after it, so that stepping lands on short events; nil when none.
    /// The one answer for the status line (which names it) and the view (whose cursor cell shows
    /// it, or `│`), so the two cannot disagree. Equal starts go by id.
    public static func item(under cursor: Date, camera: String, in items: [TimelineItem], zoom: TimelineZoom,
                            now: Date) -> TimelineItem? {
        best(items.lazy.filter { $0.camera == camera && isUnder($0, cursor: cursor, zoom: zoom, now: now) }, cursor: cursor, now: now)
    }

    static func isUnder(_ item: TimelineItem, cursor: Date, zoom: TimelineZoom, now: Date) -> Bool {
        item.holds(cursor, now: now) || (item.start > cursor && item.start < cursor.addingTimeInterval(zoom.step))
    }

    /// Whether `a` is the better event under `cursor` than `b`: one holding it over one after it;
    /// of two holding it the later start, of two after it the earlier; then the smaller id.
    static func prefers(_ a: TimelineItem, over b: TimelineItem, cursor: Date, now: Date) -> Bool {
        let aHolds = a.holds(cursor, now: now)
        if aHolds != b.holds(cursor, now: now) { return aHolds }
        if a.start != b.start { return aHolds ? a.start > b.start : a.start < b.start }
        return a.id < b.id
    }

    private static func best(_ items: some Sequence<TimelineItem>, cursor: Date, now: Date) -> TimelineItem? {
        var best: TimelineItem?
        for item in items where best.map({ prefers(item, over: $0, cursor: cursor, now: now) }) ?? true { best = item }
        return best
    }

}
