import Foundation
import Networking
import Testing
@testable import EventsAPI

/// ZoneMinder's pieces that need no server: its URLs, its local times, and what its real answers
/// (scripts/zoneminder/fixtures, captured from ZoneMinder 1.36.33) decode to.
@Suite("ZoneMinder: URLs, times and the real server's answers")
struct ZoneMinderUnitTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../scripts/zoneminder/fixtures").standardizedFileURL

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appending(path: name))
    }

    @Test func theBaseIsTheServerOrItsZmPath() {
        #expect(ZoneMinderPaths.base(URL(string: "http://nvr.local")!).absoluteString == "http://nvr.local/zm")
        #expect(ZoneMinderPaths.base(URL(string: "http://nvr.local/")!).absoluteString == "http://nvr.local/zm")
        #expect(ZoneMinderPaths.base(URL(string: "https://nvr.local:8443/zoneminder")!).absoluteString == "https://nvr.local:8443/zoneminder")
    }

    /// The shape the real server answered (fixtures/INDEX.md): spaces and `>=` encoded, colons kept.
    @Test func eventFiltersArePathSegmentsTheWayZoneMinderReadsThem() {
        let base = URL(string: "http://127.0.0.1:18080/zm")!
        let url = ZoneMinderPaths.events(base, filters: [("MonitorId", "1"), ("StartDateTime >=", "2020-01-01 00:00:00")],
                                         query: [URLQueryItem(name: "sort", value: "StartDateTime")])
        #expect(url.absoluteString == "http://127.0.0.1:18080/zm/api/events/index/MonitorId:1/StartDateTime%20%3E%3D:2020-01-01%2000:00:00.json?sort=StartDateTime")
        let none = ZoneMinderPaths.events(base, filters: [], query: [])
        #expect(none.absoluteString == "http://127.0.0.1:18080/zm/api/events/index.json")
    }

    @Test func serverTimesAreItsZonesAcrossDaylightSaving() throws {
        let berlin = ZoneMinderTime(zone: try #require(TimeZone(identifier: "Europe/Berlin")))
        let winter = try #require(berlin.date("2026-11-28 09:46:24"))
        #expect(winter == Date(timeIntervalSince1970: 1_795_855_584))   // 08:46:24 UTC
        let summer = try #require(berlin.date("2026-07-01 12:00:00"))
        #expect(summer.timeIntervalSince1970.truncatingRemainder(dividingBy: 86400) == 10 * 3600, "12:00 CEST is 10:00 UTC")
        #expect(berlin.text(winter) == "2026-11-28 09:46:24")
        #expect(berlin.text(winter.addingTimeInterval(0.9)) == "2026-11-28 09:46:24", "rounded down to the second")
        #expect(berlin.date("0000-00-00 00:00:00") == nil)
        #expect(berlin.date("yesterday") == nil)
    }

    @Test func theRealServersEventsDecodeAndMap() async throws {
        let body = try JSONDecoder().decode(ZoneMinderBody.Events.self, from: try Self.fixture("events/index-monitor1-page2.json"))
        #expect(body.events.count == 2)
        let client = ZoneMinderClient(server: URL(string: "http://127.0.0.1:18080/zm")!, pipeline: NetworkPipeline())
        let time = ZoneMinderTime(zone: TimeZone(identifier: "UTC")!)
        let first = try body.events[0].result.get().Event
        let event = try #require(await client.map(first, names: ["1": "Front door"], time: time))
        #expect(event.cameraName == "Front door" && event.cameraID == "1")
        #expect(event.endTime != nil && event.duration! > 0)
        #expect(event.videoFormat == .file && event.authorization == .queryToken && event.inProgressMedia == .writtenAtEnd)
        #expect(event.videoUrl.absoluteString.hasSuffix("/zm/index.php?view=view_video&eid=\(event.id)"))
        #expect(event.title == "Continuous")

        let recording = try JSONDecoder().decode(ZoneMinderBody.OneEvent.self, from: try Self.fixture("events/event-recording.json"))
        let live = try #require(await client.map(recording.event.Event, names: [:], time: time))
        #expect(live.endTime == nil, "still recording: EndDateTime null")
        #expect(live.cameraName == "Monitor \(live.cameraID!)", "a monitor the list does not know is named by its id")
    }

    /// Older servers send numbers as strings; a broken item is skipped, not fatal.
    @Test func numbersAsStringsAndABrokenEvent() async throws {
        let json = #"{"events":[{"Event":{"Id":"7","MonitorId":"2","Cause":"Motion","Notes":"Motion: Yard","StartDateTime":"2026-01-02 03:04:05","EndDateTime":"2026-01-02 03:04:35","MaxScore":"41","Archived":"1"}},{"Event":{"Id":"x"}}],"pagination":{"page":1}}"#
        let body = try JSONDecoder().decode(ZoneMinderBody.Events.self, from: Data(json.utf8))
        let client = ZoneMinderClient(server: URL(string: "http://nvr/zm")!, pipeline: NetworkPipeline(), requiresSignIn: false)
        let event = try #require(await client.map(try body.events[0].result.get().Event, names: ["2": "Yard"], time: ZoneMinderTime(zone: .gmt)))
        #expect(event.title == "Motion: Motion: Yard (score 41)")
        #expect(event.score == 41, "the score decides whether a new event notifies (notify-score)")
        #expect(event.bucket == "archived")
        #expect(event.duration == 30)
        #expect(event.authorization == .none, "authentication off: no token")
        #expect((try? body.events[1].result.get()) == nil)
    }

    @Test func theRealServersRefusalsSayWhy() throws {
        #expect(ZoneMinderClient.message(in: try Self.fixture("host/login-wrong-password.json")) == "Login denied for user \"eventplayer\"")
        #expect(ZoneMinderClient.message(in: try Self.fixture("host/login-api-disabled.json")) == "API disabled for: admin")
        #expect(ZoneMinderClient.message(in: try Self.fixture("host/getVersion-expired-token.json")) == "Expired token")
        let login = try JSONDecoder().decode(ZoneMinderBody.Login.self, from: try Self.fixture("host/login.json"))
        #expect(login.access_token_expires?.value == 7200 && login.refresh_token == "REFRESH_TOKEN")
        let refreshed = try JSONDecoder().decode(ZoneMinderBody.Login.self, from: try Self.fixture("host/login-refresh.json"))
        #expect(refreshed.refresh_token == nil, "a refresh gives an access token only")
    }

    /// The real server with MariaDB stopped (fixtures/database-down): its API answers an empty
    /// `200 text/html`, its web page says it cannot connect to its database.
    @Test func theRealServersAnswersWithoutItsDatabaseSayItIsFailing() throws {
        let server = URL(string: "http://127.0.0.1:18080/zm")!
        let request = HTTPRequest(kind: .apiEvents, url: server.appending(path: "api/events/index.json"))
        let empty = HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=UTF-8")],
                                 body: try Self.fixture("database-down/events-index.json"), request: request)
        #expect(ZoneMinderClient.isEmptyPage(empty))
        let json = HTTPResponse(status: 200, headers: [("Content-Type", "application/json; charset=UTF-8")],
                                body: try Self.fixture("events/index-empty.json"), request: request)
        #expect(!ZoneMinderClient.isEmptyPage(json))
        let failure = try #require(ZoneMinderClient.databaseFailure(page: try Self.fixture("database-down/view_video.html"), server: server))
        #expect(failure.code == .serverError)
        #expect(failure.message == "the ZoneMinder server at http://127.0.0.1:18080/zm is failing: it cannot connect to its database: "
            + "\"SQLSTATE[HY000] [2002] No such file or directory\"; it answers again once its database (MariaDB or MySQL) runs")
        #expect(ZoneMinderClient.databaseFailure(page: try Self.fixture("view_video/bad-token.html"), server: server) == nil,
                "another error page of ZoneMinder's is not a database failure")
    }

    @Test func theFormBodyEncodesWhatAFormWould() {
        #expect(ZoneMinderClient.formBody([("user", "a b"), ("pass", "p&q=r+s%")]) == "user=a%20b&pass=p%26q%3Dr%2Bs%25")
    }
}
