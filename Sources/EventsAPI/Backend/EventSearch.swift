import Foundation

/// One search over every event a server has in a filter's range (`events --search`, the TUI's `/`),
/// whichever backend it is: the pages are read one after another (``EventBackend/allEvents(pageSize:filter:)``)
/// and each event is matched here (``EventFilter/admits(_:)``), up to a page cap; the answer says
/// whether the range was cut there. Where the server offers a search of its own and the caller
/// asks for it (Frigate's semantic search, ``EventBackend/semanticSearch(_:filter:limit:)``), that
/// one answers instead, and the answer says so.
///
/// ```swift
/// var filter = EventFilter(since: .now.addingTimeInterval(-7 * 86_400))
/// filter.search = "parcel"
/// let found = try await EventSearch.run(backend, filter: filter)
/// found.events      // newest first
/// found.cut         // true: more pages than maxPages; narrow the range
/// found.answeredBy  // .text
/// ```
public enum EventSearch {
    /// Which search answered.
    public enum Answer: String, Sendable, Hashable, Codable {
        /// eventplayer's own match over the text of every event in the range.
        case text
        /// The server's semantic search (Frigate: `GET /api/events/search`).
        case semantic
    }

    /// What a search found.
    public struct Found: Sendable, Hashable {
        /// The matches, newest first (a semantic search: most relevant first).
        public var events: [Event]
        /// True when the range had more pages than were read (``EventSearch/run(_:filter:semantic:pageSize:maxPages:limit:)``'s
        /// `maxPages`): older events were not searched.
        public var cut: Bool
        /// True when there were more matches than `limit`: the newest `limit` are here.
        public var limited: Bool
        /// Which search answered.
        public var answeredBy: Answer
        /// Events read (a text search), to say how much was searched.
        public var searched: Int
        /// Why a semantic search asked for was not used (the server has it off); nil otherwise.
        public var notice: String?

        public init(events: [Event], cut: Bool, limited: Bool = false, answeredBy: Answer, searched: Int, notice: String? = nil) {
            self.events = events
            self.cut = cut
            self.limited = limited
            self.answeredBy = answeredBy
            self.searched = searched
            self.notice = notice
        }
    }

    /// Pages read at most by default: 25 pages of 200 events.
    public static let defaultMaxPages = 25

    /// Every event `backend` has that `filter` admits (its server-side parts asked of the server,
    /// the rest matched here, ``EventFilter/admits(_:)``), newest first. With `semantic` and a
    /// ``EventFilter/search`` text, the server's semantic search answers where it has one turned
    /// on (``EventBackend/semanticSearch(_:filter:limit:)`` is not nil); otherwise the text search
    /// does, with ``Found/notice`` saying why.
    ///
    /// - Parameters:
    ///   - pageSize: events asked per page.
    ///   - maxPages: pages read at most; more is ``Found/cut``.
    ///   - limit: matches kept at most (nil: all); more is ``Found/limited``.
    public static func run(_ backend: any EventBackend, filter: EventFilter, semantic: Bool = false,
                           pageSize: Int = 200, maxPages: Int = defaultMaxPages, limit: Int? = nil) async throws -> Found {
        var notice: String?
        if semantic, let text = filter.search.flatMap(Self.trimmed) {
            if let events = try await backend.semanticSearch(text, filter: filter, limit: limit ?? 50) {
                return Found(events: events, cut: false, answeredBy: .semantic, searched: events.count)
            }
            notice = "this server has no semantic search turned on: the text search answered"
        }
        // The server is asked for the rest of the filter; the local part is matched here, so
        // that `searched` counts what was read (a backend may match it on its pages too).
        let asked = filter.serverSide
        var cursors = PageCursors()
        var cursor: String?
        var found: [Event] = []
        var searched = 0
        var pages = 0
        while true {
            try Task.checkCancellation()
            let page = try await backend.events(cursor: cursor, limit: pageSize, filter: asked)
            pages += 1
            searched += page.events.count
            for event in page.events where filter.admits(event) {
                if let limit, found.count >= limit {
                    return Found(events: found, cut: false, limited: true, answeredBy: .text, searched: searched, notice: notice)
                }
                found.append(event)
            }
            switch cursors.follow(page.nextCursor) {
            case .end:
                return Found(events: found, cut: false, answeredBy: .text, searched: searched, notice: notice)
            case .repeated(let repeated):
                throw EventsAPIError.repeatedCursor(repeated, afterEvents: searched)
            case .next(let next):
                if pages >= maxPages {
                    return Found(events: found, cut: true, answeredBy: .text, searched: searched, notice: notice)
                }
                cursor = next
            }
        }
    }

    /// True when `text` occurs, ignoring case and diacritics, in any of the event's words a user
    /// would search: its id, title, camera (name and id), the generative description's title,
    /// scene and summary, labels, zones, sub-labels and plates. An empty `text` matches every event.
    public static func matches(_ event: Event, text: String) -> Bool {
        guard let needle = trimmed(text) else { return true }
        return searchableText(of: event).contains { $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The texts ``matches(_:text:)`` looks in.
    static func searchableText(of event: Event) -> [String] {
        var texts = [event.id, event.cameraName, event.camera]
        if let title = event.title { texts.append(title) }
        if let description = event.description {
            texts += [description.title, description.scene, description.summary].compactMap { $0 }
        }
        texts += (event.labels ?? []) + (event.zones ?? []) + (event.subLabels ?? []) + (event.plates ?? [])
        return texts
    }

    static func trimmed(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

extension EventFilter {
    /// True when the filter needs events matched one by one (``admits(_:)``) because the server
    /// cannot ask for it: a search text, a sub-label, a plate, a threat, kept; a page of the server
    /// may then hold fewer matches than asked for (``EventSearch`` reads on).
    public var matchesLocally: Bool {
        search.flatMap(EventSearch.trimmed) != nil || subLabel != nil || plate != nil || (minThreat ?? 0) > 0 || kept != nil
    }

    /// The filter without its local part (``matchesLocally``): what a server is asked.
    public var serverSide: EventFilter {
        var filter = self
        filter.search = nil
        filter.subLabel = nil
        filter.plate = nil
        filter.minThreat = nil
        filter.kept = nil
        return filter
    }

    /// Whether `event` passes the parts of the filter a backend may not ask of its server: the
    /// search text (``EventSearch/matches(_:text:)``), the sub-label and plate (ignoring case), the
    /// threat level (an event without a generative description has none: below 1), kept (where
    /// the server keeps events, ``Event/kept`` is not nil), the score (where it scores them). The
    /// server-side parts (camera, times, severity, labels, zones, reviewed) are the server's.
    public func admits(_ event: Event) -> Bool {
        if let search, !EventSearch.matches(event, text: search) { return false }
        if let subLabel, !(event.subLabels ?? []).contains(where: { $0.caseInsensitiveCompare(subLabel) == .orderedSame }) {
            return false
        }
        if let plate, !(event.plates ?? []).contains(where: { Self.samePlate($0, plate) }) { return false }
        if let minThreat, minThreat > 0, (event.description?.threatLevel ?? 0) < minThreat { return false }
        if let kept, let eventKept = event.kept, eventKept != kept { return false }
        if let minScore, let score = event.score, score < minScore { return false }
        return true
    }

    /// Plates compare ignoring case, spaces and dashes ("AB-12 CD" is "ab12cd").
    static func samePlate(_ a: String, _ b: String) -> Bool {
        func normal(_ text: String) -> String { text.lowercased().filter { !$0.isWhitespace && $0 != "-" } }
        return normal(a) == normal(b)
    }
}
