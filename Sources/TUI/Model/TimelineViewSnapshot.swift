import Foundation

/// What the timeline view (`T`) draws: the lanes' cameras, the events as ``TimelineItem``s, the
/// range, the cursor and the status line's words. Built by the app's model each turn.
///
/// ```swift
/// var timeline = TimelineViewSnapshot(items: TimelineItems(version: 1, items: items), cameras: ["Backyard", "Front Door"],
///                                     start: midnight, zoom: .day, cursor: noon, lane: 0, now: .now, calendar: .current)
/// screen.timelineView = timeline
/// ```
public struct TimelineViewSnapshot: Hashable, Sendable {
    public var items: TimelineItems
    /// One lane per camera, in this order.
    public var cameras: [String]
    /// The first instant the lanes show; they span ``TimelineZoom/span``.
    public var start: Date
    public var zoom: TimelineZoom
    public var cursor: Date
    /// The cursor's lane (index into ``cameras``).
    public var lane: Int
    /// Live events reach this moment.
    public var now: Date
    /// Local time for the labels.
    public var calendar: Calendar
    /// Windows of events still on their way.
    public var isLoading = false
    /// Why a window could not be loaded (drawn on the title line; the cursor moving there asks again).
    public var errorText: String?
    /// The spans each camera recorded (an NVR's recordings), by camera; empty where the server
    /// records only events.
    public var coverage: [String: [Range<Date>]] = [:]
    /// Each camera's health as the server reports it now, by camera (as ``cameras`` names it):
    /// drawn after the lane's name ("offline" on a camera that sends nothing); empty where the
    /// server reports none.
    public var health: [String: CameraHealthBadge] = [:]
    /// The status line: the cursor's time, then the event under it ("Front Door · Motion · 14:02:51 · 0:49").
    public var statusSegments: [String] = []

    public init(items: TimelineItems, cameras: [String], start: Date, zoom: TimelineZoom, cursor: Date, lane: Int,
                now: Date, calendar: Calendar) {
        self.items = items
        self.cameras = cameras
        self.start = start
        self.zoom = zoom
        self.cursor = cursor
        self.lane = lane
        self.now = now
        self.calendar = calendar
    }
}

/// The timeline's events, compared by ``version`` only: the model bumps it whenever the items
/// change, so a screen with 100,000 events is not hashed and compared item by item every turn.
public struct TimelineItems: Hashable, Sendable {
    public let version: Int
    public let items: [TimelineItem]

    public init(version: Int, items: [TimelineItem]) {
        self.version = version
        self.items = items
    }

    public static func == (a: TimelineItems, b: TimelineItems) -> Bool { a.version == b.version }
    public func hash(into hasher: inout Hasher) { hasher.combine(version) }
}
