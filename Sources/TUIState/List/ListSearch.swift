import EventsAPI

/// `/` then Tab: the text searched over every event the server has in the range and filters
/// (``EventSearch``), whose answer replaces the list's pages; `~` before the text (and Enter or
/// Tab) asks the server's semantic search where it has one (Frigate's). Esc (clearing the `/`
/// text) or `r` goes back to the list's pages.
struct ListSearch: Sendable, Equatable {
    /// The text searched (without the `~`).
    var text: String
    var semantic: Bool
    /// The answer, once it came.
    var answer: Answer?

    /// What the search found, for the header.
    struct Answer: Sendable, Equatable {
        var count: Int
        var searched: Int
        var cut: Bool
        var limited: Bool
        var answeredBy: EventSearch.Answer
    }

    /// `/`'s text as a search: `~text` asks the semantic search; nil for nothing to search.
    init?(typed: String) {
        var text = typed.trimmingCharacters(in: .whitespaces)
        semantic = text.hasPrefix("~")
        if semantic { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard !text.isEmpty else { return nil }
        self.text = text
    }

    /// The header's counts: "search “parcel”: 3 found in 2,340 events", "… (the newest 25 pages)",
    /// "semantic search “a courier”: 12 found".
    var headerText: String {
        let quoted = "“\(text)”"
        guard let answer else { return "searching the server for \(quoted)…" }
        let kind = answer.answeredBy == .semantic ? "semantic search" : "search"
        var text = "\(kind) \(quoted): \(answer.count) found"
        if answer.answeredBy == .text { text += " in \(answer.searched) events" }
        if answer.cut { text += " (older ones not searched)" }
        if answer.limited { text += " (the newest \(answer.count))" }
        return text
    }
}
