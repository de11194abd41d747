import AppCore
import EventsAPI
import Foundation

/// The montage in the interactive model (`M`): which cameras it shows (four to a page), where it
/// came from, the last ``MontageSnapshot`` of the playing montage, one tile alone (Enter), and the
/// slider's wall-clock range. The montage itself (players, clock, sync) is AppCore's
/// ``MontagePlayback``, which the coordinator runs.
struct MontageModel: Sendable {
    enum Origin: Sendable, Equatable {
        case list, player, timeline
        /// `M` in the live view: every camera live; Esc opens this camera live again.
        case live(LiveRequest)
    }

    /// Every camera of the montage; the screen shows ``pageCameras``.
    var cameras: [String]
    var page = 0
    var origin: Origin
    /// The moment it opened at.
    var moment: Date
    /// The playing montage as last reported (nil until the first report).
    var snapshot: MontageSnapshot?
    /// The focused tile alone (Enter); Esc returns to the grid.
    var isSolo = false
    /// The slider's ends: the events covering the opening moment, widened as the clock leaves them.
    var range: ClosedRange<Date>
    /// The speed the montage plays at (`[` `]` `{` `}` Backspace).
    var speed = PlaybackSpeed.normal
    /// Every camera live (opened from the live view): no clock, no seeking; Enter opens the
    /// camera's latest event.
    var isLive: Bool {
        if case .live = origin { true } else { false }
    }

    static let tilesPerPage = 4

    init(cameras: [String], origin: Origin, moment: Date, events: [Event], now: Date) {
        self.cameras = cameras
        self.origin = origin
        self.moment = moment
        let covering = events.filter { $0.startTime <= moment && moment < ($0.endTime ?? now) }
        if let first = covering.map(\.startTime).min() {
            let last = covering.map { $0.endTime ?? now }.max() ?? moment
            range = first...max(last, first.addingTimeInterval(1))
        } else {
            range = moment.addingTimeInterval(-300)...moment.addingTimeInterval(300)
        }
    }

    /// `cameras` with the ones that have the moment first, so the first page shows them: the
    /// camera the montage was opened from (the selected event's, the timeline's lane), then those
    /// with an event covering the moment, then those that record all the time (their recording
    /// has it), then those with an event within the loaded window, nearest first; each group
    /// keeps the given order (the server's, else by name).
    ///
    /// ```swift
    /// MontageModel.ordered(["A", "B", "C", "D", "E", "F"], opener: "F", events: eventsOfCAndF, recording: [], moment: t, now: now)
    /// // ["F", "C", "A", "B", "D", "E"]
    /// ```
    static func ordered(_ cameras: [String], opener: String?, events: [Event], recording: Set<String>,
                        moment: Date, now: Date) -> [String] {
        func rank(_ camera: String) -> (Int, Double) {
            if camera == opener { return (0, 0) }
            let own = events.filter { $0.cameraName == camera }
            if own.contains(where: { $0.startTime <= moment && moment < ($0.endTime ?? now) }) { return (1, 0) }
            if recording.contains(camera) { return (2, 0) }
            let distances = own.map { event in
                event.startTime > moment ? event.startTime.timeIntervalSince(moment) : moment.timeIntervalSince(event.endTime ?? now)
            }
            if let nearest = distances.min() { return (3, nearest) }
            return (4, 0)
        }
        return cameras.enumerated().sorted { lhs, rhs in
            let (a, b) = (rank(lhs.element), rank(rhs.element))
            return a != b ? a < b : lhs.offset < rhs.offset
        }.map(\.element)
    }

    var pageCount: Int { max(1, (cameras.count + Self.tilesPerPage - 1) / Self.tilesPerPage) }

    var pageCameras: [String] {
        let first = page * Self.tilesPerPage
        return Array(cameras[min(first, cameras.count)..<min(cameras.count, first + Self.tilesPerPage)])
    }

    /// Takes a report of the montage; the slider's range grows to hold the clock.
    mutating func update(_ snapshot: MontageSnapshot) {
        self.snapshot = snapshot
        let time = snapshot.wallTime
        if time < range.lowerBound { range = time...range.upperBound }
        if time > range.upperBound { range = range.lowerBound...time }
    }
}
