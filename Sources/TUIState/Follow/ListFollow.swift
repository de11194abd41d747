import AppCore
import Foundation

/// The list following the server (`F`, config `follow`, `follow-interval`): when to poll (a
/// ``FollowSchedule``), how many events arrived above the selected one, and what the header
/// and the status bar say. A value with its own reducer; ``AppState`` holds one and carries out
/// its outcomes (AppState+Follow.swift).
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
