import AppCore
import EventsAPI
import Foundation

/// The list following the server (`F`, config `follow`, `follow-interval`): when to poll (a
/// ``FollowSchedule``), how many events arrived above the selected one, and what the header
/// and the status bar say. A value with its own reducer; ``AppState`` holds one and hands it the
/// list on each turn (``turn(_:filter:isSignedIn:now:)``) and what a poll merged into the list
/// (``merged(_:above:loaded:)``, after ``EventList/merge(_:)``).
///
/// ```swift
/// var follow = ListFollow(isOn: true, interval: .seconds(10))
/// if follow.reduce(.turn, now: now) == .poll { /* ask the server what changed */ }
/// ```
public struct ListFollow: Sendable, Equatable {
    /// When to poll; on or off.
    var schedule: FollowSchedule
    /// Events that arrived above the selected one since the selection was last at the top
    /// (the header's `3 new`; Home goes to them).
    var newAbove = 0
    /// Which new events notify through the terminal (Notify/).
    var notify: NotifyRule
    /// The list has what the server had at some moment (a page loaded, or a poll merged): only
    /// events after it are news. False while the first page has not loaded (it failed).
    var hasBaseline = false

    /// The interval when the config names none.
    public static let defaultInterval: Duration = .seconds(10)

    public init(isOn: Bool = false, interval: Duration = Self.defaultInterval, notify: NotifyRule = .none) {
        schedule = FollowSchedule(interval: interval, isOn: isOn)
        self.notify = notify
    }

    public var isOn: Bool { schedule.isOn }

    enum Input: Sendable, Equatable {
        /// Any turn of the reducer (a tick among them): poll when due.
        case turn
        /// `F`.
        case toggle
        /// A poll came back with the server's changes.
        case answered
        /// A poll failed; `message` says why.
        case failed(message: String)
    }

    enum Outcome: Sendable, Equatable {
        case none
        /// Ask the server what changed.
        case poll
        /// Say this once on the status bar.
        case show(String)
    }

    mutating func reduce(_ input: Input, now: ContinuousClock.Instant) -> Outcome {
        switch input {
        case .turn:
            guard schedule.isOn else { return .none }
            schedule.arm(now: now)
            return schedule.pollIfDue(now: now) ? .poll : .none
        case .toggle:
            schedule.setOn(!schedule.isOn, now: now)
            if !schedule.isOn { newAbove = 0 }
            return .show(schedule.isOn ? "Following the server: new events appear by themselves (F stops)"
                                      : "Not following: r reloads, F follows again")
        case .answered:
            return schedule.succeeded(now: now) == .resumed ? .show("Following again: the server answers") : .none
        case .failed(let message):
            guard case .failing(let wait) = schedule.failed(now: now) else { return .none }
            return .show("Following: \(message); trying again in \(Self.seconds(wait)), then less often")
        }
    }

    /// Carries out ``reduce(_:now:)`` where only its message matters: said on `status`.
    mutating func apply(_ input: Input, status: inout StatusLine, now: ContinuousClock.Instant) {
        if case .show(let text) = reduce(input, now: now) { status.show(text, now: now) }
    }

    /// Any turn of ``AppState/reduce(_:now:)``: the `N new` count goes when the selection is at
    /// the top; a due poll asks the server what changed since the newest loaded event, with the
    /// list's server-side filters and its events in progress (to learn their end). A semantic
    /// search's answer is the list: nothing is merged into it until Esc or `r` (a text search's
    /// list goes on following: the `/` text shows what matches of what arrives).
    mutating func turn(_ list: EventList, filter: EventFilter, isSignedIn: Bool, now: ContinuousClock.Instant) -> [AppEffect] {
        if list.selectedIndex == 0 { newAbove = 0 }
        guard isOn, isSignedIn, list.search?.semantic != true, !(list.events.isEmpty && list.isLoading) else { return [] }
        guard reduce(.turn, now: now) == .poll else { return [] }
        let inProgress = list.events.prefix(AppState.pageSize).filter { $0.endTime == nil }
        return [.follow(since: list.events.map(\.startTime).max(), filter: filter,
                        inProgress: Array(inProgress), generation: list.fetchGeneration)]
    }

    /// A poll's changes were merged into the list: those of `inserted` among `above` (the shown
    /// events above the selection) count as new; new events reach the person through the
    /// terminal (Notify/): only those a poll brought after the list's first page, filtered by the
    /// rule. `loaded` is the list's events after the merge.
    mutating func merged(_ inserted: Set<String>, above: ArraySlice<Event>, loaded: [Event]) -> [AppEffect] {
        newAbove += above.filter { inserted.contains($0.id) }.count
        defer { hasBaseline = true }
        guard hasBaseline else { return [] }
        return notify.notices(for: loaded.filter { inserted.contains($0.id) }, calendar: .current).map(AppEffect.notify)
    }

    /// The header's part: "following", "following · 3 new", "following · no answer"; "" when off.
    var headerText: String {
        guard schedule.isOn else { return "" }
        var text = "following"
        if schedule.failures > 0 { text += " · no answer" }
        if newAbove > 0 { text += " · \(newAbove) new" }
        return text
    }

    var nextDeadline: ContinuousClock.Instant? { schedule.nextDeadline }

    private static func seconds(_ duration: Duration) -> String {
        "\(duration.components.seconds) s"
    }
}
