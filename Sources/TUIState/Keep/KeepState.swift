import AppCore
import EventsAPI
import SystemSupport

/// `K`: keeping an event past the server's retention, on the server (Frigate retains the item's
/// tracked objects, ZoneMinder archives the event; ``EventBackend/setKept(_:kept:)``). The row
/// shows the server's state (``Event/kept``); while a request is on its way the message says so,
/// and the answer changes the event everywhere it is shown (the list, the timeline, the playback).
/// A refusal (a viewer's role) is the server's answer as an error.
struct KeepState: Sendable, Equatable {
    /// What the server calls keeping ("retain", "archive"); nil: it cannot keep events.
    var name: String?
    /// Requests on their way: event id to the kept state asked for.
    var inFlight: [String: Bool] = [:]

    /// `K` on `event` (the one the keys act on): asks the server to keep it, or to let it go when
    /// it is kept.
    mutating func toggle(_ event: Event?, status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        guard let name else {
            status.show("This server cannot keep events past its retention (Frigate retains them, ZoneMinder archives them)", now: now)
            return []
        }
        guard let event else {
            status.show("No event to keep: select one first", now: now)
            return []
        }
        guard inFlight[event.id] == nil else {
            status.show("Already asking the server about this event", now: now)
            return []
        }
        let wanted = !(event.kept ?? false)
        inFlight[event.id] = wanted
        status.show("\(wanted ? "Keeping" : "No longer keeping") \(Self.text(event)) (\(name) on the server)…", now: now)
        return [.setKept(ids: [event.id], kept: wanted)]
    }

    /// `Alt-k` on the events `shown`: the question to ask before keeping those not kept yet; nil
    /// (and the message says why) when there is nothing to ask.
    func confirmation(for shown: [Event], status: inout StatusLine, now: ContinuousClock.Instant) -> KeepConfirmation? {
        guard let name else {
            status.show("This server cannot keep events past its retention (Frigate retains them, ZoneMinder archives them)", now: now)
            return nil
        }
        let ids = shown.filter { $0.kept != true && $0.endTime != nil && inFlight[$0.id] == nil }.map(\.id)
        guard !ids.isEmpty else {
            status.show("Every event shown is kept already (or still recording)", now: now)
            return nil
        }
        return KeepConfirmation(ids: ids, name: name)
    }

    /// Keeps `ids`, after the question: one request for them all.
    mutating func keep(_ ids: [String], status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        for id in ids { inFlight[id] = true }
        status.show("Keeping \(ids.count) event\(ids.count == 1 ? "" : "s") (\(name ?? "kept") on the server)…", now: now)
        return [.setKept(ids: ids, kept: true)]
    }

    /// The server took it: the message says so (`events` are those the ids name, as loaded).
    mutating func answered(ids: [String], kept: Bool, events: [Event], status: inout StatusLine, now: ContinuousClock.Instant) {
        for id in ids { inFlight[id] = nil }
        let what = events.count == 1 ? Self.text(events[0]) : "\(ids.count) event\(ids.count == 1 ? "" : "s")"
        status.show(kept ? "Kept past retention: \(what) (\(name ?? "kept") on the server)" : "No longer kept: \(what)", now: now)
    }

    /// The server did not take it: its answer as an error (nothing changed on screen).
    mutating func failed(ids: [String], kept: Bool, message: String, status: inout StatusLine) {
        for id in ids { inFlight[id] = nil }
        status.error = "The server did not \(kept ? "keep" : "let go of") \(ids.count == 1 ? "the event" : "\(ids.count) events"): \(message)"
    }

    /// "Front Door · Courier leaves a parcel", escaped.
    static func text(_ event: Event) -> String {
        TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)")
    }
}
