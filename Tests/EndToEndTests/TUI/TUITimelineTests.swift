import DemoBackend
import Foundation
import TestSupport
import Testing

/// The timeline (`T`) in the real TUI under tmux against the demo backend in-process (3,000
/// generated events over 60 days, four cameras): the counts per hour it draws are the server's,
/// windows are fetched with `since`/`until` as the cursor moves (each once), zoom, Enter plays the
/// event under the cursor and Esc comes back. The pane runs in UTC so the test knows its days.
@Suite(.serialized, .machineShare) struct TUITimelineTests {
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    struct ListedEvent {
        var id: String, camera: String, title: String?, start: Date
        var end: Date?
    }

    static func date(_ text: String) -> Date? {
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    /// The newest 500 events as the server lists them (about ten days of the demo's).
    static func events(_ binary: Binary, _ server: DemoServer) async throws -> [ListedEvent] {
        let run = try await binary.run(["events", "--server", server.baseURL.absoluteString, "--json", "--limit", "500"])
        try #require(run.status == 0, "\(run.stderr)")
        let objects = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return objects.compactMap { object in
            guard let id = object["id"] as? String, let camera = object["cameraName"] as? String,
                  let start = (object["startTime"] as? String).flatMap(date) else { return nil }
            return ListedEvent(id: id, camera: camera, title: object["title"] as? String, start: start,
                               end: (object["endTime"] as? String).flatMap(date))
        }
    }

    /// The counts row ("per hour  2  ·  1 …") as numbers, "·" as 0.
    static func hourCounts(_ screen: String) -> [Int]? {
        guard let line = screen.split(separator: "\n").first(where: { $0.hasPrefix("per hour") }) else { return nil }
        return line.dropFirst("per hour".count).split(separator: " ").map { $0 == "·" ? 0 : Int($0) ?? -1 }
    }

    /// Events on `day`'s lanes per UTC hour: each in the hour it starts, or in the first when it
    /// began the day before and runs into it.
    static func expectedCounts(_ events: [ListedEvent], day: Date) -> [Int] {
        (0..<24).map { hour in
            let from = day.addingTimeInterval(Double(hour) * 3600)
            return events.filter { event in
                let first = event.start < day && (event.end ?? event.start) > day ? day : event.start
                return first >= from && first < from.addingTimeInterval(3600)
            }.count
        }
    }

    /// The `since` of every `/v1/events` request that had one.
    static func sinceQueries(_ server: DemoServer) async -> [Date] {
        await server.requestLog().filter { $0.path == "/v1/events" }.compactMap(\.query).compactMap { query in
            URLComponents(string: "http://x/?" + query)?.queryItems?.first { $0.name == "since" }?.value.flatMap(date)
        }
    }

    static func title(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func lanesCountsWindowsZoomAndPlay() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let listed = try await Self.events(binary, server)
        let pane = try Tmux(socket: "ep-e2e-timeline-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio", stderrToPane: true)
        var environment = binary.paneEnvironment
        environment["TZ"] = "UTC"
        pane.start(columns: 120, rows: 40, environment: environment, command: script)
        // T at the newest event (the live one): today, in UTC.
        let newest = try #require(listed.max { $0.start < $1.start })
        let today = Self.utc.startOfDay(for: newest.start)
        let todayScreen = try await Tmux.offPool { () throws -> String in
            try pane.waitFor("Live: motion")
            pane.keys("T")
            return try pane.waitUntil("today's timeline, loaded") { screen in
                screen.contains(" Timeline · day · ") && !Self.title(screen).contains("loading")
                    && Self.hourCounts(screen)?.reduce(0, +) ?? 0 > 0
            }
        }
        for camera in ["Backyard", "Driveway", "Front Door", "Garage"] {
            #expect(todayScreen.contains("\n" + camera), "a lane for \(camera):\n\(todayScreen)")
        }
        #expect(todayScreen.contains("█") || todayScreen.contains("▓"), "blocks in the lanes:\n\(todayScreen)")
        #expect(Self.hourCounts(todayScreen) == Self.expectedCounts(listed, day: today), "the server's counts per hour:\n\(todayScreen)")
        #expect(todayScreen.contains("Backyard · Live: motion"), "the status names the event under the cursor:\n\(todayScreen)")
        // Windows: the day (from an hour earlier), then the day before and the day after.
        let first = await Self.sinceQueries(server)
        #expect(first.contains(today.addingTimeInterval(-3600)), "\(first)")
        #expect(first.contains(today.addingTimeInterval(-86400 - 3600)), "\(first)")
        #expect(first.contains(today.addingTimeInterval(86400)), "\(first)")
        // PgUp: yesterday, already loaded as a neighbour; only the day before it is asked for, and
        // one more day at the far end of the reach-back (the week before the range).
        let yesterday = today.addingTimeInterval(-86400)
        let yesterdayScreen = try await Tmux.offPool { () throws -> String in
            pane.keys("PgUp")
            return try pane.waitUntil("yesterday's timeline") { screen in
                Self.title(screen).contains(TUITimelineTests.dayTitle(yesterday)) && !Self.title(screen).contains("loading")
            }
        }
        #expect(Self.hourCounts(yesterdayScreen) == Self.expectedCounts(listed, day: yesterday), "\(yesterdayScreen)")
        let second = await Self.sinceQueries(server)
        let added = second.dropFirst(first.count)
        #expect(added.sorted() == [yesterday.addingTimeInterval(-7 * 86400), yesterday.addingTimeInterval(-86400 - 3600)],
                "one new window and a day of reach-back, nothing twice: \(added)")
        // End: yesterday's last event on any camera; Enter plays it, Esc comes back.
        let last = try #require(listed.filter { $0.start >= yesterday && $0.start < today }.max { $0.start < $1.start })
        let label = last.title ?? last.id
        try await Tmux.offPool {
            pane.keys("End")
            try pane.waitFor("\(last.camera) · \(label)")
            pane.keys("Enter")
            // Playing, or failed: some demo events are in the 365-days bucket, which has no token.
            // The player's title rule cuts a long title with "…" (which event is yesterday's last
            // depends on the time of day the demo started): its start names the event.
            let player = try pane.waitUntil("the player on \(label), playing or failed") {
                $0.contains("Player: \(last.camera) · \(label.prefix(16))") && ($0.contains("▶ Playing") || $0.contains("Playback failed"))
            }
            // Esc first clears the bottom line's error (the player stays), then goes back.
            if player.contains("Playback failed") {
                pane.keys("Escape")
                try pane.waitUntil("the error line cleared") { !$0.contains("Playback failed") }
            }
            pane.keys("Escape")
            try pane.waitUntil("the timeline again") { Self.title($0).contains(TUITimelineTests.dayTitle(yesterday)) }
            // Zoom: out to the week, in to the hour.
            pane.keys("-")
            try pane.waitUntil("the week") { Self.title($0).contains("Timeline · week") && ["Mon", "Tue", "Wed"].allSatisfy($0.contains) }
            pane.keys("+")
            pane.keys("+")
            try pane.waitUntil("the hour") { Self.title($0).contains("Timeline · hour") && $0.contains("per 10 min") }
            // q: back to the list; q again quits.
            pane.keys("q")
            try pane.waitUntil("the list") { !$0.contains("Timeline ·") && $0.contains("Camera") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    /// "Wed 25 Nov 2026", as the title line names a day.
    static func dayTitle(_ day: Date) -> String {
        let c = utc.dateComponents([.weekday, .day, .month, .year], from: day)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdays[c.weekday! - 1]) \(c.day!) \(months[c.month! - 1]) \(c.year!)"
    }
}
