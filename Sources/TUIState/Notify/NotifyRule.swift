import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import TUI

/// Which new events notify (`notify`, `notify-score`) and with what text: pure. An alert is what
/// the backend calls one: Frigate's severity `alert`, a ZoneMinder event scored at or above
/// `notify-score`, every event of the events service (it has no severity).
///
/// ```swift
/// let rule = NotifyRule(level: .alerts, backend: .zoneminder, score: 50)
/// rule.notices(for: newEvents)   // one TerminalNotice per new alert
/// ```
public struct NotifyRule: Sendable, Equatable {
    /// What makes an event an alert on this backend.
    public enum Alert: Sendable, Equatable {
        /// Its severity (``Event/bucket``) is this one (Frigate: `alert`).
        case severity(String)
        /// Its score is at least this (ZoneMinder).
        case score(atLeast: Int)
        /// Every event is one (the events service).
        case every
    }

    public var level: NotifyLevel
    public var alert: Alert

    /// At most this many notifications from one poll; the rest are said in the last one.
    static let perPoll = 3

    public init(level: NotifyLevel, alert: Alert) {
        self.level = level
        self.alert = alert
    }

    /// The rule for `backend`: `notify` (nil: alerts) and `notify-score` (nil: ``defaultNotifyScore``).
    public init(level: NotifyLevel?, backend: BackendKind, score: Int?) {
        self.level = level ?? .alerts
        alert = switch backend {
        case .frigate: .severity("alert")
        case .zoneminder: .score(atLeast: score ?? defaultNotifyScore)
        case .events: .every
        }
    }

    /// Off: nothing notifies.
    public static let none = NotifyRule(level: NotifyLevel.none, alert: .every)

    func notifies(_ event: Event) -> Bool {
        switch level {
        case .none: return false
        case .all: return true
        case .alerts:
            switch alert {
            case .every: return true
            case .severity(let severity): return event.bucket == severity
            case .score(let least): return (event.score ?? 0) >= least
            }
        }
    }

    /// The notifications for events the list did not have (a follow poll's new ones), newest
    /// first: at most ``perPoll``, the last saying how many more.
    func notices(for events: [Event], calendar: Calendar = .current) -> [TerminalNotice] {
        let alerts = events.filter(notifies).sorted { $0.startTime > $1.startTime }
        var notices = alerts.prefix(Self.perPoll).map { notice(for: $0, calendar: calendar) }
        if alerts.count > Self.perPoll, !notices.isEmpty {
            notices[notices.count - 1].body += " (and \(alerts.count - Self.perPoll) more)"
        }
        return notices
    }

    /// "Front Door: person" and "alert at 12:03:09": the camera, what was seen, the severity
    /// and the time of day. The text is the server's, made inert by the encoder.
    func notice(for event: Event, calendar: Calendar) -> TerminalNotice {
        let what = event.title.flatMap { $0.isEmpty ? nil : $0 }
            ?? event.labels.flatMap { $0.isEmpty ? nil : $0.joined(separator: ", ") }
        let title = what.map { "\(event.cameraName): \($0)" } ?? event.cameraName
        let time = WallTimeText.timeOfDay(event.startTime, calendar: calendar, seconds: true)
        return TerminalNotice(title: title, body: "\(event.bucket) at \(time)")
    }
}
