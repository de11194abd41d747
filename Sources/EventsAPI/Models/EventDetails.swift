import Foundation

/// Everything a server knows about one event, for the detail view (`i`) and `events --json`:
/// the event itself plus what one more request tells (``EventBackend/details(of:)``). Server text:
/// escape it before it reaches a terminal.
public struct EventDetails: Sendable, Hashable {
    /// The event as listed.
    public var event: Event
    /// The objects tracked in it, with their scores (Frigate's tracked objects).
    public var objects: [TrackedObject]
    /// The moments the server scored as alarms, oldest first (ZoneMinder's alarm frames); empty
    /// where it scores none.
    public var alarmFrames: [AlarmFrame]
    /// Further fields as the server names them ("Cause", "Notes", "Monitor"), in its order.
    public var fields: [Field]
    /// The camera's recording around the event (``EventBackend/coverage(camera:in:)``); nil where
    /// the server keeps no such record or it was not asked.
    public var coverage: Coverage?

    /// The recorded spans of the event's camera within a window around it.
    public struct Coverage: Sendable, Hashable {
        public var window: Range<Date>
        public var spans: [RecordedSpan]
        public init(window: Range<Date>, spans: [RecordedSpan]) {
            self.window = window
            self.spans = spans
        }
    }

    /// One named value.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(event: Event, objects: [TrackedObject] = [], alarmFrames: [AlarmFrame] = [], fields: [Field] = []) {
        self.event = event
        self.objects = objects
        self.alarmFrames = alarmFrames
        self.fields = fields
    }
}

/// One object a server tracked in an event (Frigate: `GET /api/events/<id>`).
public struct TrackedObject: Sendable, Hashable {
    public var id: String
    /// What it is (`person`, `car`).
    public var label: String
    /// The detector's best score, 0 to 1.
    public var score: Double?
    /// A recognised face or other sub-label.
    public var subLabel: String?
    /// A recognised licence plate.
    public var plate: String?
    /// The object's generative description (Frigate's `data.description`).
    public var description: String?
    /// Zones it entered.
    public var zones: [String]

    public init(id: String, label: String, score: Double? = nil, subLabel: String? = nil, plate: String? = nil,
                description: String? = nil, zones: [String] = []) {
        self.id = id
        self.label = label
        self.score = score
        self.subLabel = subLabel
        self.plate = plate
        self.description = description
        self.zones = zones
    }
}

/// A moment the server scored as an alarm (ZoneMinder: a `Frame` of `Type` Alarm).
public struct AlarmFrame: Sendable, Hashable {
    /// Seconds from the event's start.
    public var offset: TimeInterval
    /// The server's score of the frame.
    public var score: Int

    public init(offset: TimeInterval, score: Int) {
        self.offset = offset
        self.score = score
    }
}
