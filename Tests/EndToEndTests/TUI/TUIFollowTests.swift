import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real TUI following the demo's flavours under tmux: a new event recorded while it runs
/// appears with no key pressed, the selection staying on its event and the header saying
/// `1 new`; the server stopped and started again: following says so once, then resumes by
/// itself, without a storm of requests.
@Suite(.serialized, .machineShare) struct TUIFollowTests {
    /// The selected row of the list, up to the player pane's border (what the pane shows beside
    /// it is not the row's: with a picture there, the row moving down a line meets another part of it).
    static func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map { String($0.prefix { $0 != "│" }) }
    }

    /// A config file polling every 2 s.
    static func writeConfig(_ binary: Binary, interval: Int = 2) throws {
        let folder = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "follow-interval = \(interval)\n".write(to: folder.appending(path: "config.toml"), atomically: true, encoding: .utf8)
    }

    /// The demo with 40 events and a new one every `newEventsEvery` seconds, a ``Binary`` signed
    /// in to it and polling every 2 s, and its TUI started in a 120×30 tmux pane with `flags`.
    struct FollowingTUI {
        let server: DemoServer
        let binary: Binary
        let pane: Tmux

        static func start(newEventsEvery: Double, socket: String, flags: String) async throws -> FollowingTUI {
            var configuration = DemoConfiguration()
            configuration.generatedEventCount = 40
            configuration.newEventsEvery = newEventsEvery
            let server = try await DemoServer.start(configuration)
            do {
                let binary = try Binary()
                try TUIFollowTests.writeConfig(binary)
                let login = try await binary.login(server.baseURL)
                try #require(login.status == 0, "\(login.stderr)")
                let pane = try Tmux(socket: "\(socket)-\(getpid())")
                pane.start(columns: 120, rows: 30, environment: binary.paneEnvironment,
                           command: binary.paneScript("--server \(server.baseURL.absoluteString) \(flags)"))
                return FollowingTUI(server: server, binary: binary, pane: pane)
            } catch {
                await server.stop()
                throw error
            }
        }

        /// Ends the TUI's tmux server, removes the binary's home and stops the demo.
        func stop() {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
            Task { [server] in await server.stop() }
        }
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func aNewEventAppearsWithoutAKeyAndTheSelectionStays() async throws {
        let tui = try await FollowingTUI.start(newEventsEvery: 15, socket: "ep-e2e-follow", flags: "--video none --no-audio")
        defer { tui.stop() }
        let pane = tui.pane, server = tui.server
        let selected = try await Tmux.offPool { () -> String in
            try pane.waitFor(" loaded")
            try pane.waitFor("following")
            pane.keys("j", "j", "j")
            let screen = try pane.waitUntil("the fourth row selected") { screen in
                let lines = screen.split(separator: "\n").map(String.init)
                guard let heading = lines.firstIndex(where: { $0.contains("Camera") && $0.contains("Title") }),
                      let selected = lines.firstIndex(where: { $0.hasPrefix("▌") }) else { return false }
                return selected - heading == 4 && !lines[selected].contains("New motion")
            }
            return Self.selectedRow(screen) ?? ""
        }
        #expect(!selected.contains("New motion 1"))
        let screen = try await Tmux.offPool {
            try pane.waitFor("New motion 1", seconds: 40)
        }
        #expect(Self.selectedRow(screen) == selected, "the selection stays on its event:\n\(screen)")
        #expect(screen.contains("following · 1 new") || screen.contains("following · 2 new"), "\(screen)")
        let rows = screen.split(separator: "\n").map(String.init)
        let newRow = try #require(rows.firstIndex { $0.contains("New motion 1") })
        let selectedRow = try #require(rows.firstIndex { $0.hasPrefix("▌") })
        #expect(newRow < selectedRow, "newest first, above the selection")
        // Home goes to it.
        let home = try await Tmux.offPool {
            pane.keys("Home")
            return try pane.waitUntil("the newest selected") { Self.selectedRow($0)?.contains("New motion") == true }
        }
        #expect(!home.contains(" new "), "no `N new` once at the top")
        let log = await server.requestLog()
        #expect(!log.contains { $0.status >= 500 })
    }

    /// The player pane right of the list's border, row by row (escapes kept: a still is coloured
    /// cells), below the pane's title and above the status bar.
    static func pictureRows(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst(2).dropLast(3).map { line in line.firstIndex(of: "│").map { String(line[$0...]) } ?? "" }
    }

    /// A still beside the list stays where it is when new events arrive above the selection:
    /// ncurses moves the list's rows by scrolling the terminal, which took the still's rows with
    /// them (one row lower and its top row blank for each new event) until the picture changed.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func aStillStaysInPlaceWhenNewEventsArriveAbove() async throws {
        // Terminal video on (the default): the selected event's still beside the list.
        let tui = try await FollowingTUI.start(newEventsEvery: 8, socket: "ep-e2e-follow-still", flags: "--no-audio")
        defer { tui.stop() }
        let pane = tui.pane
        let before = try await Tmux.offPool { () -> String in
            try pane.waitFor("following")
            pane.keys("j", "j", "j")
            // The still drawn (cells right of the border on most rows) and settled.
            var previous = ""
            return try pane.waitUntil("a still beside the fourth row, settled", seconds: 30, escapes: true) { screen in
                let rows = Self.pictureRows(screen)
                let drawn = rows.filter { $0.unicodeScalars.count > 40 }.count
                defer { previous = screen }
                return drawn > rows.count / 2 && !screen.contains("New motion") && Self.pictureRows(previous) == rows
            }
        }
        let selected = try #require(Self.selectedRow(before.replacing(#/\x1B\[[0-9;]*m/#, with: "")))
        let after = try await Tmux.offPool { () -> String in
            try pane.waitFor("New motion 1", seconds: 40)
            Thread.sleep(forTimeInterval: 1)
            return pane.capture(escapes: true)
        }
        let plain = after.replacing(#/\x1B\[[0-9;]*m/#, with: "")
        #expect(Self.selectedRow(plain) == selected, "the selection stays on its event:\n\(plain)")
        let moved = zip(Self.pictureRows(before), Self.pictureRows(after)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(moved.isEmpty, "the still's rows \(moved) changed when a new event arrived above:\n\(plain)")
    }

    /// The server stopped as a real one stops (its process killed: the kernel resets its
    /// connections; an in-process server's graceful stop leaves kept-alive connections hanging
    /// instead), then started again on the same port.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func frigateStoppedAndStartedAgainFollowingResumesWithoutAStorm() async throws {
        let binary = try Binary()
        let (process, stdout) = try binary.start(["demo-server", "--port", "0", "--flavor", "frigate", "--no-auth",
                                                  "--new-events-every", "6"])
        defer { if process.isRunning { process.terminate() } }
        let banner = try await binary.firstLine(stdout)
        let url = try #require(banner.firstMatch(of: #/http://127\.0\.0\.1:[0-9]+/#).map { String($0.output) }, "\(banner)")
        let port = try #require(URL(string: url)?.port)
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.frigate.requiresAuth = false
        configuration.newEventsEvery = 6
        try Self.writeConfig(binary)
        let login = try await binary.run(["login", "--server", url])
        try #require(login.status == 0, "\(login.stderr)")
        let pane = try Tmux(socket: "ep-e2e-follow-frigate-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        pane.start(columns: 120, rows: 30, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(url) --video none --no-audio"))
        try await Tmux.offPool {
            try pane.waitFor("following")
            // Deep enough that the items the restarted server files anew (near the present) are above it.
            for _ in 0..<8 { pane.keys("j") }
        }
        try await Task.sleep(for: .seconds(1))
        let before = try await Tmux.offPool { try pane.waitUntil("a row selected") { Self.selectedRow($0) != nil } }
        let selected = try #require(Self.selectedRow(before))
        // A new item (an alert, a person) appears by itself.
        let arrived = try await Tmux.offPool { try pane.waitFor("following · 1 new", seconds: 30) }
        #expect(Self.selectedRow(arrived) == selected)

        // The server goes away: following says so (the header) and backs off.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try await Tmux.offPool { _ = try pane.waitFor("no answer", seconds: 30) }
        try await Task.sleep(for: .seconds(6))
        configuration.port = port
        let restarted = try await DemoServer.start(configuration)
        defer { Task { await restarted.stop() } }
        // Back: following goes on by itself (a new item of the new server appears).
        let resumed = try await Tmux.offPool {
            try pane.waitUntil("following again", seconds: 60) { screen in
                screen.contains("following") && !screen.contains("no answer")
            }
        }
        #expect(Self.selectedRow(resumed) == selected, "the selection stays through the outage")
        try await Task.sleep(for: .seconds(8))
        // No storm: the list's polls come one an interval (2 s), each one request or a few.
        let reviews = await restarted.requestLog().filter { $0.path.hasPrefix("/api/review") }
        let span = max(1, (reviews.last?.date ?? .now).timeIntervalSince(reviews.first?.date ?? .now))
        #expect(reviews.count >= 2, "it polls the new server")
        #expect(Double(reviews.count) <= span / 2 * 3 + 4, "\(reviews.count) review requests in \(span) s")
    }
}
