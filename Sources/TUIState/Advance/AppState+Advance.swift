import EventsAPI
import PlaybackStates

/// Next / previous (`>` / `<`, mpv's playlist keys) and auto-advance (`a`).
///
/// The order is the list's (newest first, as filtered). `>` and `<` move from the playing event
/// while its playback has not finished, else from the selection (after an end or a stop the
/// selection is still on that event unless the user moved it). The list selection follows the
/// event that starts; focus stays where it is. At the last loaded row with more pages on the
/// server the next page is fetched and the next event plays when it arrives.
///
/// Auto-advance starts the next event only when a playback ends (``FinishReason/ended``): never
/// after a stop, a switch, or an error, so a broken event does not race the player through the
/// list (the error stays on the bottom line; `>` moves on). A live event does not end while it is
/// recording, so auto-advance waits on it until the user moves on (or its playlist gets its end).
extension AppState {
    enum Direction: Sendable {
        case next, previous
    }

    /// The event `>` / `<` move from: the playing event while its playback has not finished,
    /// else the selection; nil when neither is a loaded event.
    var advanceAnchor: Event? {
        if let playback, playback.finish == nil, list.events.contains(where: { $0.id == playback.event.id }) {
            return playback.event
        }
        return selectedEvent
    }

    /// Plays the event after (before) `anchor` in the list; at the last loaded row with more on
    /// the server, fetches the next page first. At the ends, a message.
    /// An `anchor` no longer loaded (the list was refreshed) gives way to the selection.
    mutating func advance(_ direction: Direction, from anchor: Event?, now: ContinuousClock.Instant) -> [AppEffect] {
        let loaded = anchor.flatMap { anchor in list.events.contains { $0.id == anchor.id } ? anchor : nil }
        guard let anchor = loaded ?? selectedEvent else { return [] }
        if let event = neighbour(of: anchor.id, direction) { return play(event, now: now) }
        if direction == .next, let cursor = list.nextCursor {
            review.pendingAdvance = PendingAdvance(anchorID: anchor.id, generation: list.fetchGeneration, playbackID: player.lastPlaybackID)
            show("Loading more events…", now: now)
            guard !list.isLoading else { return [] }   // the page on its way resolves it
            list.isLoading = true
            return [.fetchPage(cursor: cursor, generation: list.fetchGeneration)]
        }
        review.pendingAdvance = nil
        show(direction == .next ? "Last event" : "First event", now: now)
        return []
    }

    /// The shown event after (before) the event `id` in list order; nil at the end or when `id`
    /// is not loaded. `id` itself may be hidden (filtered out, or reviewed in unreviewed-only).
    func neighbour(of id: String, _ direction: Direction) -> Event? {
        guard let position = list.events.firstIndex(where: { $0.id == id }) else { return nil }
        let shown = Set(visibleEvents.map(\.id))
        return switch direction {
        case .next: list.events[(position + 1)...].first { shown.contains($0.id) }
        case .previous: list.events[..<position].last { shown.contains($0.id) }
        }
    }

    /// Starts `event` as a new playback, selecting it; focus stays where it was.
    mutating func play(_ event: Event, now: ContinuousClock.Instant) -> [AppEffect] {
        review.pendingAdvance = nil
        let focusBefore = focus
        selectEvent(id: event.id)
        guard selectedEvent?.id == event.id else { return [] }
        let effects = playSelected(now: now)
        updateBrowse { $0.focus = focusBefore }
        return effects + fetchMoreIfNear()
    }

    /// After a page arrived: plays the event a pending `>` waited for (fetching yet another page
    /// when this one added nothing shown); nil when nothing waits.
    mutating func resolvePendingAdvance(now: ContinuousClock.Instant) -> [AppEffect]? {
        guard let pending = review.pendingAdvance else { return nil }
        guard pending.generation == list.fetchGeneration, pending.playbackID == player.lastPlaybackID else {
            review.pendingAdvance = nil
            return nil
        }
        if let event = neighbour(of: pending.anchorID, .next) { return play(event, now: now) }
        if let cursor = list.nextCursor {
            list.isLoading = true
            return [.fetchPage(cursor: cursor, generation: list.fetchGeneration)]
        }
        review.pendingAdvance = nil
        show("Last event", now: now)
        return []
    }

    /// The page a pending `>` waited for failed: the error says so.
    mutating func pendingAdvanceFailed(_ text: String) {
        guard review.pendingAdvance != nil else { return }
        review.pendingAdvance = nil
        if status.error != nil { status.error = "Cannot load the next event: \(text)" }
    }

    /// A playback finished: one that played to its end is marked reviewed and, with auto-advance
    /// on, the next event starts (the same path as `>`).
    mutating func playbackFinished(_ reason: FinishReason, now: ContinuousClock.Instant) -> [AppEffect] {
        // A live feed that ends was never an event of the list: nothing to mark or advance from.
        guard reason == .ended, playback?.live == nil, let event = playback?.event else { return [] }
        let effects = setReviewed(event.id, true, now: now)
        guard review.isAutoAdvance else { return effects }
        return effects + advance(.next, from: event, now: now)
    }

    mutating func toggleAutoAdvance(now: ContinuousClock.Instant) {
        review.isAutoAdvance.toggle()
        show(review.isAutoAdvance ? "Auto-advance on: an event that plays to its end starts the next" : "Auto-advance off", now: now)
    }
}
