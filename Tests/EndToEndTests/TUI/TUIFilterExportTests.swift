import DemoBackend
import Foundation
import TestSupport
import Testing

/// `t` (jump to a date), `c` (camera) and `e` (export) in the real TUI under tmux against the demo
/// backend in-process, checked against what the backend lists for the same query (the CLI's
/// `events --json`) and, for the export, ffprobe.
@Suite(.serialized, .machineShare) struct TUIFilterExportTests {
    /// The list area of a 120-column screen (left half), below the header and the column headings.
    static func listLines(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).prefix(35).map { String($0.prefix(60)) }
    }

    static func events(_ binary: Binary, _ server: DemoServer, _ arguments: [String]) async throws -> [[String: Any]] {
        let run = try await binary.run(["events", "--server", server.baseURL.absoluteString, "--json"] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        return try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// What a list row shows for an event: its title, or its id when it has none (cut to the column).
    static func label(_ event: [String: Any]) -> String {
        String(((event["title"] as? String) ?? (event["id"] as? String ?? "?")).prefix(15))
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func jumpToADateThenPickACamera() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let pane = try Tmux(socket: "ep-e2e-filters-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio", stderrToPane: true)
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        // t with a date it cannot read: the error, the text kept; then -65m (evt-extensionless is 70 min old).
        try await Tmux.offPool {
            try pane.waitFor("Person at the front")
            pane.keys("t")
            try pane.waitFor("Jump to: ")
            pane.type("next friday")
            pane.keys("Enter")
            try pane.waitUntil("the date error with the text kept") { $0.contains("Cannot read") && $0.contains("Jump to: next friday") }
            pane.keys("C-u")
            pane.run(["send-keys", "-l", "--", "-65m"])   // `--`: tmux would read -65m as its own flags
            pane.keys("Enter")
            try pane.waitUntil("the list until 65 minutes ago") {
                $0.contains("until Today") || $0.contains("until Yesterday")
            }
        }
        let expectedUntil = try await Self.events(binary, server, ["--until", "-65m", "--limit", "5"])
        #expect(expectedUntil.first?["id"] as? String == "evt-extensionless")
        let labels = expectedUntil.map(Self.label)
        let untilScreen = try await Tmux.offPool {
            try pane.waitUntil("the first rows of the server's answer: \(labels)") { screen in
                let lines = Self.listLines(screen)
                return labels.allSatisfy { label in lines.contains { $0.contains(label) } }
            }
        }
        let lines = Self.listLines(untilScreen)
        let positions = labels.compactMap { label in lines.firstIndex { $0.contains(label) } }
        #expect(positions == positions.sorted(), "rows in the server's order (newest first): \(positions)")
        #expect(positions.first == 0, "the list starts at the asked time:\n\(untilScreen)")
        #expect(!untilScreen.contains("Person at the front"), "events after the asked time are gone")
        let queries = await server.requestLog().filter { $0.path == "/v1/events" }.compactMap(\.query)
        #expect(queries.contains { $0.contains("until=") }, "the filter went to the server: \(queries)")
        // c: the picker lists the cameras seen; End picks the last (Garage), Enter reloads.
        let garageScreen = try await Tmux.offPool { () throws -> String in
            pane.keys("c")
            try pane.waitFor("All cameras")
            pane.keys("End")
            pane.keys("Enter")
            return try pane.waitUntil("only Garage rows") { screen in
                screen.contains("camera: Garage") && !screen.contains("All cameras")
                    && Self.listLines(screen).contains { $0.contains("Archived motion") }
            }
        }
        let garage = Self.listLines(garageScreen)
        #expect(!garage.contains { $0.contains("Front Door") || $0.contains("Driveway") || $0.contains("Backyard") },
                "only Garage's rows:\n\(garageScreen)")
        let expectedGarage = try await Self.events(binary, server, ["--until", "-65m", "--camera", "Garage", "--limit", "5"])
        #expect(expectedGarage.allSatisfy { $0["cameraName"] as? String == "Garage" })
        for event in expectedGarage {
            #expect(Self.listLines(garageScreen).contains { $0.contains(Self.label(event)) }, "\(Self.label(event)) listed")
        }
        try await Tmux.offPool {
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}
