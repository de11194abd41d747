import Foundation
import TestSupport
import Testing

/// The real TUI against a real ZoneMinder (``ZoneMinderServer``) under tmux, as a new user meets
/// it: the list of its events with the monitors' names, Enter on a finished event plays it to
/// "ended", `T` draws a lane for each monitor, and `M` plays both monitors side by side. No token
/// reaches the screen or the log.
@Suite("The TUI against a real ZoneMinder", .serialized, .zoneMinder())
struct TUIZoneMinderTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(4)))
    func listPlayTimelineAndMontageOfTwoMonitors() async throws {
        let (zm, binary, _, row) = try await Self.signedIn(finished: (frontDoor: 2, backYard: 1))

        let pane = try Tmux(socket: "ep-e2e-zoneminder-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(zm.server) --video terminal --no-audio")
        pane.start(columns: 140, rows: 44, environment: binary.paneEnvironment, command: script)
        var screens: [String] = []
        let ended = try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            try pane.waitUntil("both monitors listed") { $0.contains("Front door") && $0.contains("Back yard") }
            for _ in 0..<row { pane.keys("Down") }
            try pane.waitUntil("a finished Front door event selected") { screen in
                screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map { $0.contains("Front door") && !$0.contains(" live") } ?? false
            }
            pane.keys("Enter")
            try pane.waitFor("▶ Playing", seconds: 30)
            return try pane.waitFor("ended", seconds: 40)
        }
        screens.append(ended)
        #expect(ended.contains("─ Player: Front door"), "\(ended)")

        let timeline = try await Tmux.offPool { () throws -> String in
            pane.keys("Escape")
            usleep(400_000)   // Esc and a key at once would be Alt and that key
            pane.keys("T")
            return try pane.waitUntil("the timeline with a lane per monitor") { screen in
                screen.contains(" Timeline · ") && screen.contains("\nFront door") && screen.contains("\nBack yard")
            }
        }
        screens.append(timeline)

        let montage = try await Tmux.offPool { () throws -> String in
            pane.keys("M")
            return try pane.waitUntil("both monitors playing side by side", seconds: 60) { screen in
                screen.contains("▶ Playing")
                    && ["Front door", "Back yard"].allSatisfy { screen.contains("─ \($0) · ") || screen.contains("─ ♪ \($0) · ") }
            }
        }
        screens.append(montage)
        let titles = montage.split(separator: "\n").flatMap { line in
            ["Front door", "Back yard"].compactMap { camera -> (String, String.Index)? in
                (line.range(of: "─ \(camera) · ") ?? line.range(of: "─ ♪ \(camera) · ")).map { (camera, $0.lowerBound) }
            }.sorted { $0.1 < $1.1 }.map(\.0)
        }
        #expect(titles.first == "Front door", "the selected event's monitor first: \(titles)")
        // The request log (`d`) names ZoneMinder's requests by host and path: never the token.
        let requests = try await Tmux.offPool { () throws -> String in
            pane.keys("d")
            return try pane.waitUntil("the request log with ZoneMinder's requests") { $0.contains("/zm/") }
        }
        screens.append(requests)
        #expect(!requests.contains("token="), "\(requests)")
        try await Tmux.offPool {
            // The log, the montage, the timeline, then q on the list quits.
            for key in ["Escape", "Escape", "Escape", "q"] {
                pane.keys(key)
                usleep(400_000)
            }
            try pane.waitFor("EXIT=0", seconds: 20)
        }
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect((screens + [log]).allSatisfy { !$0.contains("eyJ") }, "no token on the screen or in the log")
    }

    /// The shared server once it has `finished` events of each monitor, a binary signed in to it,
    /// the events as `events --json` lists them (the TUI's rows, in the same order) and the row of
    /// the first finished Front door event.
    static func signedIn(finished: (frontDoor: Int, backYard: Int)) async throws
        -> (ZoneMinderServer, Binary, [[String: Any]], row: Int) {
        let zm = try await ZoneMinderServer.shared()
        _ = try await zm.waitForFinishedEvents(finished.frontDoor, monitor: 1, timeout: 90)
        _ = try await zm.waitForFinishedEvents(finished.backYard, monitor: 2, timeout: 90)
        let binary = try Binary()
        let login = try await binary.run(["login", "--server", zm.server, "--user", zm.user, "--password-stdin"], input: zm.password + "\n")
        try #require(login.status == 0, "\(login.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(
            try await binary.run(["events", "--server", zm.server, "--limit", "100", "--json"]).stdout.utf8)) as? [[String: Any]])
        let row = try #require(listed.firstIndex { $0["cameraName"] as? String == "Front door" && $0["endTime"] != nil })
        return (zm, binary, listed, row)
    }
}
