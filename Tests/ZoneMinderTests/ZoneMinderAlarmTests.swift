import EventsAPI
import Foundation
import Networking
import TestSupport
import Testing

/// Scores, alarm frames and the archive against a real ZoneMinder (``ZoneMinderServer``): the
/// Modect monitor Driveway's motion events have alarm frames that ZoneMinder's analysis scored,
/// whose highest is where `J` lands; `MaxScore` filters the list (`--min-score`); archiving is
/// done on the server and read back from it, and `--kept` lists only archived events; the
/// server's notes and cause reach the table escaped. Alone on the server: it archives events
/// and writes an event's notes.
@Suite("ZoneMinder: alarm frames, scores and the archive", .serialized, .zoneMinder(alone: true))
struct ZoneMinderAlarmTests {
    static func signedIn() async throws -> (ZoneMinderServer, ZoneMinderClient) {
        let zm = try await ZoneMinderServer.shared()
        let client = ZoneMinderClient(server: zm.url, pipeline: NetworkPipeline())
        try await client.signIn(user: zm.user, password: zm.password)
        return (zm, client)
    }

    /// A binary signed in to the server.
    static func binary(_ zm: ZoneMinderServer) async throws -> Binary {
        let binary = try Binary()
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        try #require(login.status == 0, "\(login.stderr)")
        return binary
    }

    static func json(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text.prefix(300))")
    }

    /// The newest finished motion event of Driveway with alarm frames (start waited for the first).
    static func alarmEvent(_ zm: ZoneMinderServer) async throws -> Int {
        let id = try await zm.sql("SELECT Id FROM Events WHERE MonitorId=3 AND EndDateTime IS NOT NULL AND AlarmFrames>0 ORDER BY Id DESC LIMIT 1")
        return try #require(Int(id), "a motion event of monitor 3 (start waited for \(zm.firstAlarmEventId))")
    }

    /// `J`'s backend part: the alarm moments of a motion event, the highest at the `Delta` of the
    /// frame ZoneMinder names `MaxScoreFrameId`, with its `MaxScore`; the fields name the monitor.
    @Test(.timeLimit(.minutes(3)))
    func aMotionEventsAlarmFramesHaveTheHighestScoreWhereZoneMinderSaysItIs() async throws {
        let (zm, client) = try await Self.signedIn()
        let id = try await Self.alarmEvent(zm)
        let event = try #require(try await client.event(id: String(id)))
        let details = try await client.details(of: event)
        try #require(!details.alarmFrames.isEmpty, "alarm frames of event \(id)")
        #expect(details.alarmFrames.map(\.offset) == details.alarmFrames.map(\.offset).sorted())
        #expect(details.alarmFrames.allSatisfy { $0.score > 0 && $0.offset >= 0 && $0.offset <= (event.duration ?? 0) + 0.5 })

        // What the server says, read by SQL: the event's MaxScore, and the Delta of its first
        // frame with that score (what the single event's MaxScoreFrameId names).
        let row = try await zm.sql("SELECT MaxScore, (SELECT Delta FROM Frames f WHERE f.EventId=e.Id AND f.Score=e.MaxScore ORDER BY FrameId LIMIT 1), "
            + "(SELECT COUNT(DISTINCT Delta) FROM Frames f WHERE f.EventId=e.Id AND f.Type='Alarm') FROM Events e WHERE Id=\(id)")
            .split(separator: "\t").map(String.init)
        try #require(row.count == 3, "\(row)")
        let highest = try #require(details.alarms.highest)
        #expect(highest.score == Int(row[0]), "MaxScore \(row[0])")
        #expect(abs(highest.offset - (Double(row[1]) ?? -1)) < 0.001, "J lands at \(highest.offset) s, the highest frame's Delta \(row[1])")
        #expect(details.alarmFrames.count == Int(row[2]), "one moment a Delta")
        #expect(event.score == Int(row[0]), "the list's score is MaxScore")

        let fields = Dictionary(details.fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(fields["Monitor"] == "Driveway" && fields["Function"] == "Modect" && fields["Cause"] == "Motion", "\(fields)")
        #expect(fields["Max score"] == row[0])

        // A Record monitor's event has no alarm frames.
        let recorded = try #require(try await client.event(id: String(zm.firstEventId)))
        let none = try await client.details(of: recorded)
        #expect(none.alarmFrames.isEmpty && none.alarms.highest == nil)
        #expect(none.fields.contains(EventDetails.Field(name: "Function", value: "Record")))
    }

    /// `--min-score N` and the filter: ZoneMinder answers only events whose MaxScore is N or more.
    @Test(.timeLimit(.minutes(3)))
    func theMinimumScoreFiltersOnTheServer() async throws {
        let (zm, client) = try await Self.signedIn()
        let id = try await Self.alarmEvent(zm)
        let score = try #require(Int(try await zm.sql("SELECT MaxScore FROM Events WHERE Id=\(id)")))
        var filter = EventFilter()
        filter.minScore = score
        let page = try await client.events(cursor: nil, limit: 100, filter: filter)
        #expect(page.events.contains { $0.id == String(id) }, "event \(id), scored \(score)")
        #expect(page.events.allSatisfy { ($0.score ?? 0) >= score }, "\(page.events.map { ($0.id, $0.score) })")
        let all = try await client.events(cursor: nil, limit: 100, filter: EventFilter())
        #expect(all.events.contains { ($0.score ?? 0) < score }, "without the filter, lower scores are listed")

        let binary = try await Self.binary(zm)
        let run = try await binary.run(["events", "--server", zm.server, "--min-score", String(score), "--limit", "100", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try Self.json(run.stdout)
        #expect(listed.contains { $0["id"] as? String == String(id) })
        #expect(!listed.isEmpty && listed.allSatisfy { ($0["score"] as? Int ?? -1) >= score }, "\(run.stdout.prefix(400))")
        let refused = try await binary.run(["events", "--server", zm.server, "--min-score", "-1"])
        #expect(refused.status != 0 && refused.stderr.contains("--min-score"), "\(refused.stderr)")
    }

    /// `K`'s backend part: archive on the server, read it back (the event and the list), list
    /// only archived events (`--kept`), and unarchive.
    @Test(.timeLimit(.minutes(3)))
    func archivingIsOnTheServerAndKeptListsOnlyArchivedEvents() async throws {
        let (zm, client) = try await Self.signedIn()
        #expect(client.keepName == "archive")
        let id = String(try await Self.alarmEvent(zm))
        try await client.setKept([id], kept: true)
        #expect(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "1", "archived on the server")
        #expect(try await client.event(id: id)?.kept == true)
        var kept = EventFilter()
        kept.kept = true
        let archived = try await client.events(cursor: nil, limit: 100, filter: kept).events
        #expect(archived.contains { $0.id == id })
        #expect(archived.allSatisfy { $0.kept == true }, "\(archived.map { ($0.id, $0.kept) })")
        let everything = try await client.events(cursor: nil, limit: 100, filter: EventFilter()).events
        #expect(everything.first { $0.id == id }?.kept == true)
        #expect(everything.contains { $0.kept == false }, "the others are not archived")

        let binary = try await Self.binary(zm)
        let run = try await binary.run(["events", "--server", zm.server, "--kept", "--limit", "100", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try Self.json(run.stdout)
        #expect(listed.contains { $0["id"] as? String == id })
        #expect(listed.allSatisfy { $0["kept"] as? Bool == true }, "\(run.stdout.prefix(400))")

        try await client.setKept([id], kept: false)
        #expect(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "0", "unarchived on the server")
        #expect(try await client.event(id: id)?.kept == false)
        #expect(!(try await client.events(cursor: nil, limit: 100, filter: kept).events.contains { $0.id == id }))

        // A deleted event says so.
        await #expect(throws: EventsAPIError.self) { try await client.setKept(["999999"], kept: true) }
    }

    /// A user with View, not Edit, on Events: ZoneMinder's 401 "Insufficient privileges" is said
    /// as the permission it is, nothing is archived, and the session stays (no refresh, no sign-out).
    @Test(.timeLimit(.minutes(3)))
    func aViewOnlyUserIsRefusedAndStaysSignedIn() async throws {
        let zm = try await ZoneMinderServer.shared()
        let id = try await Self.alarmEvent(zm)
        // PASSWORD(): MySQL's old hash, which ZoneMinder 1.36 still accepts (and turns into bcrypt).
        try await zm.sql("INSERT INTO Users (Username, Password, Language, Enabled, Stream, Events, Control, Monitors, `Groups`, Devices, "
            + "Snapshots, System, MaxBandwidth, MonitorIds, APIEnabled) VALUES ('viewer', PASSWORD('viewer-pw'), '', 1, 'View', 'View', "
            + "'None', 'View', 'View', 'None', 'View', 'View', '', '', 1)")
        let result: Result<Void, any Error>
        do {
            let client = ZoneMinderClient(server: zm.url, pipeline: NetworkPipeline())
            try await client.signIn(user: "viewer", password: "viewer-pw")
            let error = await #expect(throws: EventsAPIError.self) { try await client.setKept([String(id)], kept: true) }
            #expect(error?.code == .rejected, "\(String(describing: error))")
            #expect(error?.message.contains("Insufficient privileges") == true && error?.message.contains("Edit on Events") == true,
                    "\(String(describing: error))")
            #expect(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "0")
            #expect(await client.session != nil, "still signed in")
            #expect(try await client.event(id: String(id))?.kept == false, "and the session still works")
            result = .success(())
        } catch {
            result = .failure(error)
        }
        try await zm.sql("DELETE FROM Users WHERE Username='viewer'")
        try result.get()
    }

    /// The server's notes and cause with escape sequences and control characters: the table
    /// shows them escaped (and the score column), the JSON as `\u` escapes; the details keep the
    /// server's text for the view to escape.
    @Test(.timeLimit(.minutes(3)))
    func hostileNotesAndCauseAreEscapedInTheTable() async throws {
        let (zm, client) = try await Self.signedIn()
        let id = try await Self.alarmEvent(zm)
        let original = try await zm.sql("SELECT HEX(Cause), HEX(Notes) FROM Events WHERE Id=\(id)").split(separator: "\t").map(String.init)
        try #require(original.count == 2, "\(original)")
        try await zm.sql("UPDATE Events SET Cause=CONCAT('Motion', CHAR(27), ']0;owned', CHAR(7)), "
            + "Notes=CONCAT('Gate ', CHAR(27), '[2J', CHAR(27), '[31mred', CONVERT(X'C29B' USING utf8mb4), '1m') WHERE Id=\(id)")
        let checked: Result<Void, any Error>
        do {
            try await Self.checkEscaped(zm, client, id: id)
            checked = .success(())
        } catch {
            checked = .failure(error)
        }
        // The event as it was, before any other suite reads it.
        try await zm.sql("UPDATE Events SET Cause=X'\(original[0])', Notes=X'\(original[1])' WHERE Id=\(id)")
        try checked.get()
    }

    static func checkEscaped(_ zm: ZoneMinderServer, _ client: ZoneMinderClient, id: Int) async throws {
        let binary = try await Self.binary(zm)
        let table = try await binary.run(["events", "--server", zm.server, "--camera", "Driveway", "--limit", "100"])
        #expect(table.status == 0, "\(table.stderr)")
        let row = try #require(table.stdout.split(separator: "\n").first { $0.contains(" \(id) ") }, "\(table.stdout.prefix(600))")
        #expect(!table.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B }, "nothing a terminal acts on")
        #expect(row.contains("Motion\\u{1B}]0;owned\\u{7}") && row.contains("Gate \\u{1B}[2J\\u{1B}[31mred\\u{9B}1m"), "\(row)")
        let header = try #require(table.stdout.split(separator: "\n").first)
        #expect(header.contains("SCORE"), "\(header)")

        let json = try await binary.run(["events", "--server", zm.server, "--camera", "Driveway", "--limit", "100", "--json"])
        #expect(!json.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(json.stdout.lowercased().contains("\\u001b[2j"), "\(json.stdout.prefix(300))")

        let details = try await client.details(of: try #require(try await client.event(id: String(id))))
        #expect(details.fields.contains(EventDetails.Field(name: "Notes", value: "Gate \u{1B}[2J\u{1B}[31mred\u{9B}1m")))
    }
}
