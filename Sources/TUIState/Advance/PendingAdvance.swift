import EventsAPI

/// Next / previous (`>` / `<`, mpv's playlist keys) and auto-advance (`a`), and the `>` that waits
/// for the next page.
///
/// The order is the list's (newest first, as filtered). `>` and `<` move from the playing event
/// while its playback has not finished, else from the selection (after an end or a stop the
/// selection is still on that event unless the user moved it): ``anchor(playback:events:selected:)``.
/// The list selection follows the event that starts; focus stays where it is. At the last loaded
/// row with more pages on the server the next page is fetched and the next event plays when it
/// arrives: a `PendingAdvance` is kept until then, the event the next one follows. A refresh (new
/// fetch generation) or another playback started meanwhile drops it.
///
/// Auto-advance starts the next event only when a playback ends (``FinishReason/ended``): never
/// after a stop, a switch, or an error, so a broken event does not race the player through the
/// list (the error stays on the bottom line; `>` moves on). A live event does not end while it is
/// recording, so auto-advance waits on it until the user moves on (or its playlist gets its end).
///
/// ```swift
/// PendingAdvance.step(.next, from: anchor, list: list, visible: shown, selected: selected, playbackID: 7)
/// // .play(next event), .fetchNextPage(PendingAdvance(anchorID: anchor.id, ...), "Loading more events…") or .end("Last event")
/// ```
struct PendingAdvance: Sendable, Equatable {
    /// The event the next one follows.
    var anchorID: String
    /// The fetch generation the page belongs to.
    var generation: Int
    /// The last playback started when `>` was pressed.
    var playbackID: Int

    enum Direction: Sendable {
        case next, previous
    }

    /// What `>` / `<`, or the page a pending `>` waited for, does next.
    enum Step: Equatable {
        /// This event plays (selected).
        case play(Event)
        /// The next page is fetched (unless one is on its way) and `pending` waits for it;
        /// `message`, if any, says so on the message line.
        case fetchNextPage(PendingAdvance, message: String?)
        /// Nothing to move to: the message says which end of the list this is.
        case end(String)
    }

    /// The event `>` / `<` move from: `playback`'s event while it has not finished, else the
    /// selection; nil when neither is among the loaded `events`.
    static func anchor(playback: PlaybackModel?, events: [Event], selected: Event?) -> Event? {
        if let playback, playback.finish == nil, events.contains(where: { $0.id == playback.event.id }) {
            return playback.event
        }
        return selected
    }

    /// The event after (before) `anchor` in `list`, among the `visible` ones; at the last loaded
    /// row with more on the server, the next page (a `>` waiting as playback `playbackID`'s). An
    /// `anchor` no longer loaded (the list was refreshed) gives way to `selected`; nil when there is
    /// neither.
    static func step(_ direction: Direction, from anchor: Event?, list: EventList, visible: [Event], selected: Event?,
                     playbackID: Int) -> Step? {
        let loaded = anchor.flatMap { anchor in list.events.contains { $0.id == anchor.id } ? anchor : nil }
        guard let anchor = loaded ?? selected else { return nil }
        if let event = neighbour(of: anchor.id, direction, in: list.events, visible: visible) { return .play(event) }
        if direction == .next, list.nextCursor != nil {
            let pending = PendingAdvance(anchorID: anchor.id, generation: list.fetchGeneration, playbackID: playbackID)
            return .fetchNextPage(pending, message: "Loading more events…")
        }
        return .end(direction == .next ? "Last event" : "First event")
    }

    /// A page arrived: the event this `>` waited for, or yet another page when this one added
    /// nothing shown. Nil when it no longer applies: a refresh, or a playback other than
    /// `playbackID` started, came since.
    func resolve(list: EventList, visible: [Event], playbackID: Int) -> Step? {
        guard generation == list.fetchGeneration, self.playbackID == playbackID else { return nil }
        if let event = Self.neighbour(of: anchorID, .next, in: list.events, visible: visible) { return .play(event) }
        if list.nextCursor != nil { return .fetchNextPage(self, message: nil) }
        return .end("Last event")
    }

    /// The page this `>` waited for failed: the error says so instead.
    func failed(_ text: String, status: inout StatusLine) {
        if status.error != nil { status.error = "Cannot load the next event: \(text)" }
    }

    /// The `visible` event after (before) the event `id` in the order of `events`; nil at the end
    /// or when `id` is not loaded. `id` itself may be hidden (filtered out, or reviewed in
    /// unreviewed-only).
    static func neighbour(of id: String, _ direction: Direction, in events: [Event], visible: [Event]) -> Event? {
        guard let position = events.firstIndex(where: { $0.id == id }) else { return nil }
        let shown = Set(visible.map(\.id))
        return switch direction {
        case .next: events[(position + 1)...].first { shown.contains($0.id) }
        case .previous: events[..<position].last { shown.contains($0.id) }
        }
    }
}
