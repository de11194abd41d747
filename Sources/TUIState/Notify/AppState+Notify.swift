import EventsAPI
import Foundation

/// New alerts reach the person through the terminal (docs/tui.md, Notifications): the events a
/// follow poll brought that the list did not have (never the ones loaded at start or by a
/// reload), filtered by the follow state's ``NotifyRule``, become ``AppEffect/notify(_:)``.
extension AppState {
    func newEventNotices(_ inserted: [Event], calendar: Calendar = .current) -> [AppEffect] {
        follow.notify.notices(for: inserted, calendar: calendar).map(AppEffect.notify)
    }
}
