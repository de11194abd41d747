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
    /// Events starting in each bucket, at the bucket's first column.
    public private(set) var counts: [Count] = []
    public private(set) var labels: [Label] = []

    /// Seconds one column covers.
    public var secondsPerColumn: TimeInterval { zoom.span / Double(max(columns, 1)) }

    /// `cameras` gives the lanes and their order (cameras without events get empty lanes; events
    /// of cameras not listed are left out); `coverage`, by camera, the spans it recorded (drawn
    /// where no event is).
    public init(items: [TimelineItem], cameras: [String], start: Date, zoom: TimelineZoom, columns: Int, now: Date,
                calendar: Calendar, coverage: [String: [Range<Date>]] = [:]) {
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
        for item in items {
            guard let lane = laneIndex[item.camera] else { continue }
            let itemEnd = item.end ?? now
            guard itemEnd >= start, item.start < end else { continue }
            let kind = item.end == nil ? 2 : item.reviewed ? 0 : 1
            // An end on a column's first instant does not reach into that column.
            let lastInstant = max(item.start, itemEnd.addingTimeInterval(-0.001))
            let first = column(of: max(item.start, start)) ?? 0
            let last = column(of: min(lastInstant, end.addingTimeInterval(-0.001))) ?? self.columns - 1
            marks[lane][kind * (self.columns + 1) + first] += 1
            marks[lane][kind * (self.columns + 1) + last + 1] -= 1
            if item.start >= start {
                bucketCounts[min(Int(item.start.timeIntervalSince(start) / zoom.bucket), bucketCount - 1)] += 1
            }
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
            return Lane(camera: camera, cells: cells)
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
                    ? "\(TimeText.weekday(c)) \(c.day ?? 1)"
                    : "\(TimeText.two(c.hour ?? 0)):\(TimeText.two(c.minute ?? 0))"
                if labels.last?.0 != date { labels.append((date, text)) }
            }
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return labels
    }

    /// The event under `date` in `camera`'s lane: the one covering it (the latest to start when
    /// several do), nil when none does.
    public static func item(at date: Date, camera: String, in items: [TimelineItem], now: Date) -> TimelineItem? {
        items.filter { $0.camera == camera && $0.start <= date && date <= ($0.end ?? now) }.max { $0.start < $1.start }
    }

}
