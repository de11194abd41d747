import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real TUI against the demo's Frigate flavour under tmux: the list shows review items with
/// Frigate's camera names and severity, `x` marks the item reviewed on the server (Frigate keeps
/// the mark per user), `s`, `o` and `z` filter by severity, label and zone on the server, `T` draws
/// the lanes in Frigate's camera order over the recorded time, and Enter plays the item under the cursor.
@Suite(.serialized, .machineShare) struct TUIFrigateTests {
    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func listMarkReviewedOnTheServerAndTimelineInFrigatesOrder() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let url = server.baseURL.absoluteString
        let login = try await binary.loginFrigate(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        // The newest item, as the server lists it (the list's first row).
        let newest = try #require(try await Self.items(binary, url).first)
        #expect(newest.serverReviewed == false)

        let pane = try Tmux(socket: "ep-e2e-frigate-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        pane.start(columns: 120, rows: 32, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(url) --video none --no-audio"))
        try await Tmux.offPool {
            try pane.waitFor(" loaded")
            try pane.waitUntil("the newest item selected, with its camera and severity") { screen in
                guard let row = Self.rows(screen).first(where: { $0.hasPrefix("▌") }) else { return false }
                return row.contains(newest.camera) && row.contains(newest.severity)
            }
            pane.keys("x")
            try pane.waitUntil("marked") { screen in
                Self.rows(screen).first { $0.hasPrefix("▌") }.map { Array($0).dropFirst(2).first == "✓" } ?? false
            }
        }
        // Frigate has the mark (the JSON's `serverReviewed` is the server's, not the local file's).
        let marked = try await Self.waitForServerMark(binary, url, id: newest.id)
        #expect(marked, "the server has \(newest.id) reviewed")

        // `s`: alerts, detections only from the server, threats, kept, then every severity again.
        try await Tmux.offPool {
            pane.keys("s")
            try pane.waitUntil("alerts only") { screen in
                let titles = Self.listTitles(screen)
                return screen.contains("alerts only") && !titles.isEmpty && titles.allSatisfy { $0.hasPrefix("alert") }
            }
            pane.keys("s")
            try pane.waitUntil("detections only") { screen in
                let titles = Self.listTitles(screen)
                return screen.contains("detections only") && !titles.isEmpty && titles.allSatisfy { $0.hasPrefix("detection") }
            }
            // Then the items whose GenAI description rates a threat (matched page by page: Frigate's
            // review API has no such filter), each with its mark.
            pane.keys("s")
            try pane.waitUntil("threats only", seconds: 30) { screen in
                let rows = Self.rows(screen).dropFirst(2).compactMap { $0.split(separator: "│").first }.filter { $0.contains(/\d:\d\d/) }
                return screen.contains("threats only") && !rows.isEmpty && rows.allSatisfy { $0.contains(" ! ") || $0.contains(" ‼ ") }
            }
            // Then the items kept past retention (none yet: the list says so).
            pane.keys("s")
            try pane.waitUntil("kept events only") { $0.contains("kept events only") }
            pane.keys("s")
            try pane.waitUntil("every severity") { screen in
                let titles = Self.listTitles(screen)
                return !screen.contains("s only") && titles.contains { $0.hasPrefix("alert") } && titles.contains { $0.hasPrefix("detection") }
            }
        }

        // `o`: the server's labels (GET /api/labels); car lists only items with a car, asked of the
        // server; `z`: its zones (the config's); porch is front_door's, so only Front Door is listed.
        try await Tmux.offPool {
            try Self.pick("car", key: "o", title: "Label, face or plate", all: "All labels", in: pane)
            try pane.waitUntil("cars only") { screen in
                let titles = Self.listTitles(screen)
                return screen.contains("label: car") && !titles.isEmpty && titles.allSatisfy { $0.contains("car") }
            }
            try Self.pick(nil, key: "o", title: "Label, face or plate", all: "All labels", in: pane)
            try pane.waitUntil("every label again") { screen in
                !screen.contains("label: car") && Self.listTitles(screen).contains { !$0.contains("car") }
            }
            try Self.pick("porch", key: "z", title: "Zone", all: "All zones", in: pane)
            try pane.waitUntil("the porch only") { screen in
                let rows = Self.listRows(screen)
                return screen.contains("zone: porch") && !rows.isEmpty && rows.allSatisfy { $0.contains("Front Door") }
            }
            try Self.pick(nil, key: "z", title: "Zone", all: "All zones", in: pane)
            try pane.waitUntil("every zone again") { screen in
                !screen.contains("zone: porch") && Self.listRows(screen).contains { !$0.contains("Front Door") }
            }
        }
        let asked = await server.requestLog()
        #expect(asked.contains { $0.path == "/api/labels" && $0.status == 200 }, "the labels are the server's")
        #expect(asked.contains { $0.path == "/api/review" && ($0.query ?? "").contains("labels=car") })
        #expect(asked.contains { $0.path == "/api/review" && ($0.query ?? "").contains("zones=porch") })

        try await Tmux.offPool {
            pane.keys("T")
            try pane.waitUntil("the timeline's lanes in Frigate's order, over the recorded time", seconds: 20) { screen in
                let lanes = Self.rows(screen).compactMap { row -> String? in
                    ["garage", "Front Door", "driveway", "Back Yard", "Side Gate"].first { row.hasPrefix(" " + $0) || row.hasPrefix($0) }
                }
                return lanes == ["garage", "Front Door", "driveway", "Back Yard", "Side Gate"]
                    && Self.rows(screen).contains { $0.hasPrefix("garage") && $0.contains("─") }
            }
            // The montage at the newest item's moment: Frigate's first four cameras, each playing
            // its recording where it has no item then.
            pane.keys("M")
            try pane.waitUntil("the montage's tiles", seconds: 20) { $0.contains("garage · ") && $0.contains("Front Door · ") }
        }
        let playing = try await Self.waitForVod(server, cameras: 3)
        #expect(playing.count >= 3, "tiles fetching their cameras' video: \(playing.sorted())")
        try await Tmux.offPool {
            // One key at a time: Esc followed at once by q would read as Alt-q.
            pane.keys("Escape")
            try pane.waitFor("─ recorded")
            pane.keys("q")
            try pane.waitFor(" loaded")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("eyJ"), "no JWT in the log")
    }

    /// The list rows' titles (the column after the camera's): "alert: person · porch".
    static func listTitles(_ screen: String) -> [String] {
        rows(screen).dropFirst(2).compactMap { row -> String? in
            guard let bar = row.firstIndex(of: "│") else { return nil }
            let cells = row[..<bar].split(separator: " ", omittingEmptySubsequences: true)
            guard let first = cells.firstIndex(where: { $0.hasPrefix("alert") || $0.hasPrefix("detection") }) else { return nil }
            return cells[first...].joined(separator: " ")
        }
    }

    struct Item {
        var id: String, camera: String, severity: String, serverReviewed: Bool?
    }

    static func items(_ binary: Binary, _ url: String) async throws -> [Item] {
        let run = try await binary.run(["events", "--server", url, "--json", "--limit", "5"])
        try #require(run.status == 0, "\(run.stderr)")
        let objects = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        return objects.compactMap { object in
            guard let id = object["id"] as? String, let camera = object["cameraName"] as? String,
                  let severity = object["bucket"] as? String else { return nil }
            return Item(id: id, camera: camera, severity: severity, serverReviewed: object["serverReviewed"] as? Bool)
        }
    }

    /// The cameras whose vod segments the server has served, once `cameras` of them have (or after 30 s).
    static func waitForVod(_ server: DemoServer, cameras: Int) async throws -> Set<String> {
        var seen: Set<String> = []
        for _ in 0..<120 {
            seen = Set(await server.requestLog().filter { $0.path.hasPrefix("/vod/") && $0.path.hasSuffix(".m4s") && $0.status / 100 == 2 }
                .compactMap { $0.path.split(separator: "/").dropFirst().first.map(String.init) })
            if seen.count >= cameras { return seen }
            try await Task.sleep(for: .milliseconds(250))
        }
        return seen
    }

    /// The mark is written by a task after the key: it reaches the server within a few seconds.
    static func waitForServerMark(_ binary: Binary, _ url: String, id: String) async throws -> Bool {
        for _ in 0..<20 {
            if try await items(binary, url).first(where: { $0.id == id })?.serverReviewed == true { return true }
            try await Task.sleep(for: .milliseconds(250))
        }
        return false
    }
}
