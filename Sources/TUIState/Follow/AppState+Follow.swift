import AppCore
import EventsAPI
import Foundation

/// The list follows the server (``ListFollow``): on each turn a due poll becomes
/// ``AppEffect/follow(since:filter:inProgress:generation:)``; what comes back is merged into the
/// loaded events (``ListMerge``) with the selection kept on its event, the `/` filter and the
/// server-side filters kept (the poll asks with them), and the `N new` count of the header.
/// The playing event plays on when the list loses it (the playback has its own copy).
extension AppState {
    /// Polls when due; the `N new` count goes when the selection is at the top. Called on every
    /// turn of ``reduce(_:now:)``.
    mutating func followTurn(now: ContinuousClock.Instant) -> [AppEffect] {
        if list.selectedIndex == 0 { follow.newAbove = 0 }
        // A semantic search's answer is the list: nothing is merged into it until Esc or `r` (a
        // text search's list goes on following: the `/` text shows what matches of what arrives).
        guard follow.isOn, form == nil, list.search?.semantic != true, !(list.events.isEmpty && list.isLoading) else { return [] }
        guard follow.reduce(.turn, now: now) == .poll else { return [] }
        let inProgress = list.events.prefix(AppState.pageSize).filter { $0.endTime == nil }
        return [.follow(since: list.events.map(\.startTime).max(), filter: filters.eventFilter,
                        inProgress: Array(inProgress), generation: list.fetchGeneration)]
    }

    /// `F`: following on (a poll at once) or off.
    mutating func toggleFollow(now: ContinuousClock.Instant) -> [AppEffect] {
        carryOut(follow.reduce(.toggle, now: now), now: now)
        return []
    }

    /// A poll's answer: merged when it is of the list's current load (a reload meanwhile drops it).
    mutating func followed(_ changes: EventChanges, generation: Int, now: ContinuousClock.Instant) -> [AppEffect] {
        carryOut(follow.reduce(.answered, now: now), now: now)
        guard follow.isOn, generation == list.fetchGeneration else { return [] }
        let visibleBefore = visibleEvents
        let selectedID = visibleBefore.indices.contains(list.selectedIndex) ? visibleBefore[list.selectedIndex].id : nil
        let merged = ListMerge.merge(list.events, changes, hasMorePages: list.nextCursor != nil)
        guard merged.events != list.events else {
            follow.hasBaseline = true
            return []
        }
        list.events = merged.events
        noteCameras(changes.events)
        adoptServerReviewed(changes.events)
        // The selection stays on its event; when that was deleted, the one after it takes its row.
        let visible = visibleEvents
        list.select(id: selectedID, in: visible)
        if !merged.inserted.isEmpty {
            follow.newAbove += visible[..<list.selectedIndex].filter { merged.inserted.contains($0.id) }.count
        }
        defer { follow.hasBaseline = true }
        // New events reach the person through the terminal (Notify/): only those a poll brought
        // after the list's first page, filtered by the follow state's rule.
        guard follow.hasBaseline else { return [] }
        return follow.notify.notices(for: list.events.filter { merged.inserted.contains($0.id) }, calendar: .current)
            .map(AppEffect.notify)
    }

    /// A poll failed: the schedule backs off, and says so once.
    mutating func followFailed(_ message: String, now: ContinuousClock.Instant) {
        carryOut(follow.reduce(.failed(message: message), now: now), now: now)
    }

    private mutating func carryOut(_ outcome: ListFollow.Outcome, now: ContinuousClock.Instant) {
        if case .show(let text) = outcome { show(text, now: now) }
    }
}
