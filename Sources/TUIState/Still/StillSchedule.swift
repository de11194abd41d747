/// When the video pane fetches the still (first frame) of the event the selection rests on, as a
/// value: the selection must rest ``delay`` on an event before its still is asked for (moving on
/// restarts the wait, so scrolling through the list fetches nothing), a newer wish cancels the
/// still being fetched, and a still is shown only while it is still wanted. Nothing is scheduled
/// while the selection does not change (no deadline: an idle program stays at 0% CPU).
///
/// ```swift
/// var schedule = StillSchedule()
/// _ = schedule.want("evt-1", now: now)                    // []; due at now + delay
/// schedule.tick(now: now + StillSchedule.delay)           // [.load("evt-1")]
/// schedule.loaded("evt-1")                                // schedule.shown == "evt-1"
/// schedule.want(nil, now: now)                            // [] (a playback started: nothing shown)
/// ```
public struct StillSchedule: Sendable, Equatable {
    /// How long the selection rests on an event before its still is fetched.
    public static let delay: Duration = .milliseconds(300)

    public enum Effect: Sendable, Equatable {
        /// Fetch the still of this event (one at a time: it replaces any other).
        case load(String)
        /// Stop fetching the still being fetched.
        case cancel
    }

    /// The event whose still the pane wants (nil: none, e.g. something plays or video is off).
    public private(set) var wanted: String?
    /// When the wanted still is asked for; nil once asked (or when none is wanted).
    public private(set) var due: ContinuousClock.Instant?
    /// Asked for and not answered yet.
    public private(set) var loading: String?
    private var ready: String?

    public init() {}

    /// The still the pane shows now: ready and still wanted.
    public var shown: String? { ready != nil && ready == wanted ? ready : nil }

    /// When ``tick(now:)`` has work.
    public var nextDeadline: ContinuousClock.Instant? { due }

    /// The selection rests on `eventID` (nil: no still is wanted). Restarts the wait when it
    /// changed; cancels a fetch of another event's still.
    public mutating func want(_ eventID: String?, now: ContinuousClock.Instant) -> [Effect] {
        guard eventID != wanted else { return [] }
        wanted = eventID
        ready = nil
        due = eventID.map { _ in now + Self.delay }
        guard loading != nil else { return [] }
        loading = nil
        return [.cancel]
    }

    /// Asks for the wanted still once the selection has rested long enough.
    public mutating func tick(now: ContinuousClock.Instant) -> [Effect] {
        guard let wanted, let due, due <= now else { return [] }
        self.due = nil
        loading = wanted
        return [.load(wanted)]
    }

    /// The still of `eventID` is ready; shown if it is the one wanted.
    public mutating func loaded(_ eventID: String) {
        if loading == eventID { loading = nil }
        if eventID == wanted, due == nil { ready = eventID }
    }

    /// No still for `eventID` (the pane keeps its poster).
    public mutating func failed(_ eventID: String) {
        if loading == eventID { loading = nil }
    }
}
