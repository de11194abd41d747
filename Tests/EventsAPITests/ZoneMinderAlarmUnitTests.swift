import Foundation
import Networking
import Testing
@testable import EventsAPI

/// ZoneMinder's alarm frames, scores and archive as its real answers carry them
/// (scripts/zoneminder/fixtures/events, captured from 1.36.33: `event-alarm.json` is an event of the
/// test server's Modect monitor with its frames; `archive*.json` and `index-archived.json` the
/// archive's answers), without a server.
@Suite("ZoneMinder: alarm frames, scores and the archive in the real server's answers")
struct ZoneMinderAlarmUnitTests {
    static func fixture(_ name: String) throws -> Data { try ZoneMinderUnitTests.fixture(name) }

    static let client = ZoneMinderClient(server: URL(string: "http://127.0.0.1:18080/zm")!, pipeline: NetworkPipeline())
    static let time = ZoneMinderTime(zone: TimeZone(identifier: "America/New_York")!)

    /// The alarm frames become moments at their `Delta`, oldest first; the highest is the frame
    /// ZoneMinder names as `MaxScoreFrameId` (a `FrameId`), at its `Delta`, with `MaxScore`.
    @Test func anAlarmEventsFramesAreItsMomentsAndTheHighestIsMaxScoreFrameId() throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.EventWithFrames.self, from: try Self.fixture("events/event-alarm.json"))
        let frames = try #require(body.event.Frame).compactMap { try? $0.result.get() }
        let alarms = frames.filter { $0.Type == "Alarm" }
        try #require(alarms.count == body.event.Event.AlarmFrames?.int, "\(alarms.count) alarm rows")
        let moments = ZoneMinderAlarmFrames.moments(frames)
        #expect(moments.count == Set(alarms.compactMap { $0.Delta?.value }).count, "one moment a Delta")
        #expect(moments.map(\.offset) == moments.map(\.offset).sorted() && Set(moments.map(\.offset)).count == moments.count)
        #expect(moments.allSatisfy { $0.score > 0 })

        let details = EventDetails(event: Event(id: "1", cameraName: "Driveway", startTime: .now, bucket: "event",
                                                 videoUrl: URL(string: "http://127.0.0.1:18080/zm/index.php")!), alarmFrames: moments)
        let highest = try #require(details.alarms.highest)
        let named = try #require(body.event.Event.MaxScoreFrameId?.int)
        let frame = try #require(frames.first { $0.FrameId.int == named })
        #expect(highest.offset == frame.Delta?.value, "J lands on MaxScoreFrameId's Delta")
        #expect(highest.score == body.event.Event.MaxScore?.int)
        // Several frames share the highest score here: the first of them, as ZoneMinder names it.
        #expect(alarms.filter { $0.Score?.int == highest.score }.count > 1)

        // The keys step between alarms (runs of frames less than AlarmMoments.gap apart), not frames.
        let steps = details.alarms
        #expect(steps.starts.first == moments.first?.offset && steps.starts.count <= moments.count)
        #expect(steps.next(after: moments.last!.offset) == nil && steps.previous(before: moments[0].offset) == nil)
    }

    /// A Record monitor's event has frames but none of them alarms.
    @Test func aRecordedEventHasNoAlarmMoments() throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.EventWithFrames.self, from: try Self.fixture("events/event-finished.json"))
        let frames = (body.event.Frame ?? []).compactMap { try? $0.result.get() }
        #expect(!frames.isEmpty && frames.allSatisfy { $0.Type != "Alarm" })
        #expect(ZoneMinderAlarmFrames.moments(frames).isEmpty)
        let without = try JSONDecoder().decode(ZoneMinderBody.EventWithFrames.self, from: try Self.fixture("events/event-alarm-noframes.json"))
        #expect(without.event.Frame == nil, "noframes=true leaves them out")
        #expect(without.event.Monitor?.Name == "Driveway")
    }

    /// Frames ZoneMinder stamped with one time are one moment, with the highest of their scores.
    @Test func framesOfOneDeltaAreOneMoment() throws {
        let json = #"[{"FrameId":3,"Type":"Alarm","Score":9,"Delta":"1.20"},{"FrameId":1,"Type":"Normal","Score":0,"Delta":"0.00"},"#
            + #"{"FrameId":2,"Type":"Alarm","Score":4,"Delta":"1.20"},{"FrameId":4,"Type":"Alarm","Score":"7","Delta":2.4},{"FrameId":5,"Type":"Bulk","Score":0,"Delta":"3.00"}]"#
        let frames = try JSONDecoder().decode([ZoneMinderBody.Frame].self, from: Data(json.utf8))
        #expect(ZoneMinderAlarmFrames.moments(frames) == [AlarmFrame(offset: 1.2, score: 9), AlarmFrame(offset: 2.4, score: 7)])
    }

    /// The detail view's fields come from the event and its joined monitor, server text as it is.
    @Test func theDetailFieldsAreTheEventsAndItsMonitors() throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.EventWithFrames.self, from: try Self.fixture("events/event-alarm.json"))
        let fields = ZoneMinderClient.fields(body.event.Event, monitor: body.event.Monitor, listedName: "Monitor 3")
        let named = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(fields.map(\.name) == ["Monitor", "Function", "Cause", "Notes", "Length", "Frames", "Alarm frames", "Max score", "Archived"])
        #expect(named["Monitor"] == "Driveway" && named["Function"] == "Modect" && named["Cause"] == "Motion")
        #expect(named["Notes"] == body.event.Event.Notes && named["Archived"] == "no")
        #expect(named["Max score"] == body.event.Event.MaxScore?.int.map(String.init))
        #expect(named["Alarm frames"] == body.event.Event.AlarmFrames?.int.map(String.init))
    }

    /// `Archived` is ``Event/kept`` in the list; the index filtered by `Archived:1` has only such.
    @Test func archivedEventsAreKept() async throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.Events.self, from: try Self.fixture("events/index-archived.json"))
        let events = try await body.events.asyncMap { try #require(await Self.client.map(try $0.result.get().Event, names: [:], time: Self.time)) }
        #expect(!events.isEmpty && events.allSatisfy { $0.kept == true && $0.bucket == "archived" })
        let plain = try JSONDecoder().decode(ZoneMinderBody.Events.self, from: try Self.fixture("events/index-monitor1-page2.json"))
        let other = try #require(await Self.client.map(try plain.events[0].result.get().Event, names: [:], time: Self.time))
        #expect(other.kept == false, "not archived: kept false, not nil (ZoneMinder can archive)")
        #expect(Self.client.keepName == "archive")
    }

    /// `MaxScore >=:N` filters by the score the list shows.
    @Test func theMinimumScoreFilterAnswersOnlyScoredEvents() async throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.Events.self, from: try Self.fixture("events/index-min-score.json"))
        let events = try await body.events.asyncMap { try #require(await Self.client.map(try $0.result.get().Event, names: [:], time: Self.time)) }
        #expect(!events.isEmpty && events.allSatisfy { ($0.score ?? 0) >= 1 })
        let url = ZoneMinderPaths.events(URL(string: "http://127.0.0.1:18080/zm")!, filters: [("MaxScore >=", "1")], query: [])
        #expect(url.absoluteString == "http://127.0.0.1:18080/zm/api/events/index/MaxScore%20%3E%3D:1.json", "the fixture's request")
        let archived = ZoneMinderPaths.events(URL(string: "http://127.0.0.1:18080/zm")!, filters: [("Archived", "1")], query: [])
        #expect(archived.absoluteString.hasSuffix("/api/events/index/Archived:1.json"))
    }

    /// The archive's answers: "Saved", and a View user's refusal, whose message the client reads.
    @Test func theArchivesAnswersSayWhatHappened() throws {
        #expect(String(decoding: try Self.fixture("events/archive.json"), as: UTF8.self) == #"{"message":"Saved"}"#)
        #expect(String(decoding: try Self.fixture("events/unarchive.json"), as: UTF8.self) == #"{"message":"Saved"}"#)
        #expect(ZoneMinderClient.message(in: try Self.fixture("events/archive-view-only.json")) == "Insufficient privileges")
        #expect(ZoneMinderClient.message(in: try Self.fixture("events/archive-missing.json")) == "Invalid event")
    }
}

private extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var values: [T] = []
        for element in self { values.append(try await transform(element)) }
        return values
    }
}
