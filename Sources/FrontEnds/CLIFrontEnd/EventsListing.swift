import PlaybackStates
import AppCore
import EventsAPI
import Foundation
import SystemSupport

/// `eventplayer events`: a table (camera, start, duration, bucket, score where the server scores,
/// live/ended, id, title) or JSON
/// (the API's event objects plus `"reviewed": true|false`).
public enum EventsListing {
    /// What to list and how.
    public struct Request: Sendable {
        public var limit: Int
        public var all: Bool
        public var filter: EventFilter
        public var json: Bool
        /// Ask the server's semantic search where it has one on (``EventSearch``), for ``EventFilter/search``.
        public var semantic: Bool
        public init(limit: Int = 50, all: Bool = false, filter: EventFilter = .init(), json: Bool = false, semantic: Bool = false) {
            self.limit = limit
            self.all = all
            self.filter = filter
            self.json = json
            self.semantic = semantic
        }

        /// True when the events are searched for over the whole range (``EventSearch``): a search
        /// text, or a filter the server cannot ask (a face, plate, threat, kept).
        var searches: Bool { filter.matchesLocally || (semantic && filter.search != nil) }
    }

    /// Writes the listing to `output` line by line (streams with `--all`).
    /// With `--all`, a server whose page cursors loop gets the events read so far listed, then
    /// ``EventsAPIError/repeatedCursor(_:afterEvents:)`` thrown (exit 1).
    ///
    /// A search (``Request/searches``) reads every page of the range (``EventSearch``, up to its
    /// page cap) and lists the first `limit` matches (every one with `--all`); `notice` (standard
    /// error) gets which search answered, and that the range or the list was cut where it was.
    public static func run(_ request: Request, client: any EventBackend, reviewed: ReviewedMarks = ReviewedMarks(),
                           now: Date = .now, notice: (String) -> Void = { _ in }, output: (String) -> Void) async throws {
        var events: [Event] = []
        var stopped: EventsAPIError?
        if request.searches {
            let found = try await EventSearch.run(client, filter: request.filter, semantic: request.semantic,
                                                  pageSize: max(request.limit, 200), limit: request.all ? nil : request.limit)
            events = found.events
            searchNotices(found, request).forEach(notice)
        } else if request.all {
            do {
                for try await event in client.allEvents(pageSize: max(request.limit, 200), filter: request.filter) {
                    events.append(event)
                }
            } catch let error as EventsAPIError where error.code == .repeatedCursor {
                stopped = error
            }
        } else {
            events = try await client.events(cursor: nil, limit: request.limit, filter: request.filter).events
        }
        try write(events, request, reviewed: reviewed, now: now, output: output)
        if let stopped { throw stopped }
    }

    /// What standard error says of a search: which search answered, how much it read, and where it was cut.
    public static func searchNotices(_ found: EventSearch.Found, _ request: Request) -> [String] {
        var lines: [String] = []
        if let notice = found.notice { lines.append("search: " + notice) }
        let matches = "\(found.events.count) match\(found.events.count == 1 ? "" : "es")"
        switch found.answeredBy {
        case .semantic: lines.append("search: the server's semantic search answered: \(matches)")
        case .text: lines.append("search: text search answered: \(matches) in \(found.searched) events read")
        }
        if found.cut {
            lines.append("search: the range was cut after \(found.searched) events (\(EventSearch.defaultMaxPages) pages): older events were not searched; narrow it with --since/--until")
        }
        if found.limited {
            lines.append("search: more than \(request.limit) matches: the newest \(request.limit) are listed (--all lists every one)")
        }
        return lines
    }

    private static func write(_ events: [Event], _ request: Request, reviewed: ReviewedMarks, now: Date,
                              output: (String) -> Void) throws {
        if request.json {
            output(try json(events, reviewed: reviewed))
        } else {
            table(events, now: now).forEach(output)
        }
    }

    /// The events as a JSON array in the API's own shape, each with `"reviewed": true|false`;
    /// control characters in the server's text are `\u` escapes (DEL, C1 and bidi included).
    public static func json(_ events: [Event], reviewed: ReviewedMarks = ReviewedMarks()) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let listed = events.map { ListedEvent(event: $0, reviewed: $0.serverReviewed ?? reviewed.isReviewed($0.id)) }
        return TerminalText.jsonEscaped(String(decoding: try encoder.encode(listed), as: UTF8.self))
    }

    /// One event as one line of JSON (JSON Lines, `events --follow --json`): the keys of
    /// ``json(_:reviewed:)``'s objects, control characters in the server's text as `\u` escapes.
    public static func jsonLine(_ event: Event, reviewed: ReviewedMarks = ReviewedMarks()) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let listed = ListedEvent(event: event, reviewed: event.serverReviewed ?? reviewed.isReviewed(event.id))
        return TerminalText.jsonEscaped(String(decoding: try encoder.encode(listed), as: UTF8.self))
    }

    /// An event's own keys plus `reviewed`.
    struct ListedEvent: Encodable {
        let event: Event
        let reviewed: Bool

        enum Key: String, CodingKey { case reviewed }

        func encode(to encoder: any Encoder) throws {
            try event.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(reviewed, forKey: .reviewed)
        }
    }

    /// The TITLE column: the title (Frigate's GenAI title where it wrote one), after the marks
    /// `[threat N]` (a generative description rating it 1 or 2) and `[kept]` (kept past
    /// retention), and before the plates read: `[threat 1] [kept] Car pulls in (plate AB12 CDE)`.
    static func titleCell(_ event: Event) -> String {
        var marks: [String] = []
        if let threat = event.description?.threatLevel, threat > 0 { marks.append("[threat \(threat)]") }
        if event.kept == true { marks.append("[kept]") }
        var cell = (marks + [event.title ?? ""]).joined(separator: " ")
        if let plates = event.plates, !plates.isEmpty {
            cell += " (plate\(plates.count == 1 ? "" : "s") \(plates.joined(separator: ", ")))"
        }
        return cell.trimmingCharacters(in: .whitespaces)
    }

    /// Aligned rows with a header; an empty list says so. The server's text shows its control
    /// characters escaped (``TerminalText/printable(_:)``). A SCORE column (the server's score,
    /// ``Event/score``) comes after BUCKET when an event listed has one.
    public static func table(_ events: [Event], now: Date) -> [String] {
        guard !events.isEmpty else { return ["no events"] }
        let scored = events.contains { $0.score != nil }
        let header = ["CAMERA", "START", "DURATION", "BUCKET"] + (scored ? ["SCORE"] : []) + ["STATE", "ID", "TITLE"]
        let rows = events.map { event in
            ([event.cameraName, WallTimeText.start(event.startTime, now: now, calendar: .current), EventFormatting.duration(event, now: now),
              event.bucket] + (scored ? [event.score.map(String.init) ?? ""] : [])
                + [EventFormatting.state(event, now: now), event.id, titleCell(event)]).map(TerminalText.printable)
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
