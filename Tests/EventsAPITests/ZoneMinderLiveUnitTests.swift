import Foundation
import Networking
import Testing
@testable import EventsAPI

/// ZoneMinder's live feed URL, its scale, and health read from the real server's
/// `monitors.json` (scripts/zoneminder/fixtures, 1.36.33) and from 1.37's shape, without a server.
@Suite("ZoneMinder: the live feed's URL and scale, health from monitors.json")
struct ZoneMinderLiveUnitTests {
    static func monitors(_ json: String) throws -> [ZoneMinderBody.MonitorItem] {
        try JSONDecoder().decode(ZoneMinderBody.Monitors.self, from: Data(json.utf8)).monitors.map { try $0.result.get() }
    }

    @Test func theFeedIsZmsInJPEGModeWithRateAndScale() {
        let url = ZoneMinderPaths.liveFeed(URL(string: "https://nvr.local/zm")!, monitor: "3", fps: 4, scale: 50)
        #expect(url.absoluteString == "https://nvr.local/zm/cgi-bin/nph-zms?mode=jpeg&monitor=3&maxfps=4&scale=50")
        let still = ZoneMinderPaths.livePicture(URL(string: "https://nvr.local/zm")!, monitor: "3", scale: 25)
        #expect(still.absoluteString == "https://nvr.local/zm/cgi-bin/nph-zms?mode=single&monitor=3&scale=25")
    }

    @Test func theScaleMakesThePictureAsHighAsAskedNeverLarger() throws {
        let items = try Self.monitors("""
            {"monitors": [
              {"Monitor": {"Id": 1, "Name": "a", "Width": 640, "Height": 360, "Orientation": "ROTATE_0"}},
              {"Monitor": {"Id": 2, "Name": "b", "Width": "1920", "Height": "1080", "Orientation": "ROTATE_90"}},
              {"Monitor": {"Id": 3, "Name": "c"}}
            ]}
            """)
        let (plain, turned, unknown) = (items[0].Monitor, items[1].Monitor, items[2].Monitor)
        #expect(ZoneMinderClient.scale(for: 180, of: plain) == 50)
        #expect(ZoneMinderClient.scale(for: 100, of: plain) == 28, "rounded up: 28 % of 360 is 100.8 px")
        #expect(ZoneMinderClient.scale(for: 1080, of: plain) == 100, "never enlarged")
        #expect(ZoneMinderClient.scale(for: 1, of: plain) == 1)
        #expect(ZoneMinderClient.scale(for: 480, of: turned) == 25, "a quarter turn: its width is its height")
        #expect(ZoneMinderClient.scale(for: 240, of: unknown) == 100)
    }

    /// The real 1.36 answer: both monitors Connected with their frames a second (as text).
    @Test func healthFromTheRealServersMonitors() throws {
        let data = try Data(contentsOf: ZoneMinderUnitTests.fixtures.appending(path: "monitors.json"))
        let items = try JSONDecoder().decode(ZoneMinderBody.Monitors.self, from: data).monitors.map { try $0.result.get() }
        #expect(items.count == 2)
        #expect(items.allSatisfy { ZoneMinderClient.isOnline($0) && ZoneMinderClient.notCapturing($0) == nil })
        #expect(items[0].Monitor_Status?.CaptureFPS?.value == 10)
        #expect(items[0].Monitor.shownHeight == 360)
    }

    /// Offline: zmc stopped (NotRunning keeps the last frames a second), function None (1.36) or
    /// capturing None (1.37), no status row (every field null), Running before its first frames.
    @Test func offlineShapes() throws {
        let items = try Self.monitors("""
            {"monitors": [
              {"Monitor": {"Id": 1, "Name": "stopped", "Function": "Record"}, "Monitor_Status": {"Status": "NotRunning", "CaptureFPS": "5.03"}},
              {"Monitor": {"Id": 2, "Name": "none", "Function": "None"}, "Monitor_Status": {"Status": "Connected", "CaptureFPS": "5.00"}},
              {"Monitor": {"Id": 3, "Name": "1.37", "Capturing": "None"}, "Monitor_Status": {"Status": "Connected", "CaptureFPS": 5}},
              {"Monitor": {"Id": 4, "Name": "never ran", "Function": "Record"}, "Monitor_Status": {"MonitorId": null, "Status": null, "CaptureFPS": null}},
              {"Monitor": {"Id": 5, "Name": "starting", "Capturing": "Always"}, "Monitor_Status": {"Status": "Running", "CaptureFPS": "0.00"}},
              {"Monitor": {"Id": 6, "Name": "1.37 up", "Capturing": "Always"}, "Monitor_Status": {"Status": "Connected", "CaptureFPS": 7.5}}
            ]}
            """)
        let online = items.map { ZoneMinderClient.notCapturing($0) == nil && ZoneMinderClient.isOnline($0) }
        #expect(online == [false, false, false, false, false, true])
        #expect(ZoneMinderClient.notCapturing(items[0])?.contains("NotRunning") == true)
        #expect(ZoneMinderClient.notCapturing(items[1]) == "its function is None")
        #expect(ZoneMinderClient.notCapturing(items[2]) == "its capturing is None")
        #expect(ZoneMinderClient.notCapturing(items[3]) == nil, "no status yet: zms says so in its pictures")
    }
}
