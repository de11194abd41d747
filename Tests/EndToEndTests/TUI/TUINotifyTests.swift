import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real TUI following the demo under tmux, its output read raw on the way (scripts/slow-pty.py
/// at no limit, logging every byte): a new event notifies through tmux's passthrough with
/// `notify-method = osc9` (each ESC doubled, the text inert, no token); with `notify = none`
/// nothing is written; with passthrough off the notification is the bell.
@Suite(.serialized, .machineShare) struct TUINotifyTests {
    static let slowPTY = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "scripts/slow-pty.py")

    struct Run {
        var log: [UInt8]
        var screen: String
        var secrets: [String]
    }

    /// Runs the TUI on the events demo (a new event every 4 s) with `config` (plus a 2 s poll),
    /// tmux's `allow-passthrough` set to `passthrough`, until "New motion 1" is on the screen and
    /// one more poll went by; returns what the program wrote.
    static func run(config: String, passthrough: Bool, frigate: Bool = false) async throws -> Run {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 30
        configuration.newEventsEvery = 4
        if frigate {
            configuration.flavor = .frigate
            configuration.frigate.requiresAuth = false
        }
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let folder = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "follow-interval = 2\n\(config)\n".write(to: folder.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let login = frigate ? try await binary.run(["login", "--server", server.baseURL.absoluteString])
            : try await binary.login(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")
        let session = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/session.json"), encoding: .utf8)) ?? ""
        let secrets = session.matches(of: #/"(?:accessToken|refreshToken|token)"\s*:\s*"([^"]{8,})"/#).map { String($0.output.1) }
        let log = binary.home.appending(path: "pty.log")
        let pane = try Tmux(socket: "ep-e2e-notify-\(passthrough)-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let tmux = try #require(Tmux.binary)
        let launcher = "\(Binary.quoted(tmux)) set -g allow-passthrough \(passthrough ? "on" : "off"); \(Binary.quoted(slowPTY.path)) 0 --"
        pane.start(columns: 120, rows: 30, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(server.baseURL.absoluteString) --video none --no-audio",
                                              launcher: launcher, exports: ["SLOW_PTY_LOG": log.path]))
        let screen = try await Tmux.offPool { () -> String in
            try pane.waitFor(" loaded")
            try pane.waitFor("following")
            // The Frigate flavour's arrivals: an alert, then a detection, 4 s apart.
            return frigate ? try pane.waitFor("following · ", seconds: 40) : try pane.waitFor("New motion 1", seconds: 40)
        }
        // The write follows the screen update that showed it; on Frigate, a detection and another alert too.
        try await Task.sleep(for: .seconds(frigate ? 12 : 3))
        let bytes = (try? Data(contentsOf: log)).map { [UInt8]($0) } ?? []
        try await Tmux.offPool { pane.keys("q"); _ = try? pane.waitFor("EXIT=") }
        return Run(log: bytes, screen: screen, secrets: secrets)
    }

    /// The payloads of `prefix … terminator` in `bytes`.
    static func payloads(_ bytes: [UInt8], prefix: String, terminator: String) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: prefix) {
            let after = rest[start.upperBound...]
            guard let end = after.range(of: terminator) else { break }
            found.append(String(after[..<end.lowerBound]))
            rest = after[end.upperBound...]
        }
        return found
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func aNewEventNotifiesThroughTmuxPassthroughWithInertText() async throws {
        let run = try await Self.run(config: "notify-method = \"osc9\"", passthrough: true)
        #expect(run.screen.contains("New motion 1"))
        let payloads = Self.payloads(run.log, prefix: "\u{1B}Ptmux;\u{1B}\u{1B}]9;", terminator: "\u{1B}\u{1B}\\\u{1B}\\")
        let notice = try #require(payloads.first { $0.contains("New motion") }, "no OSC 9 in tmux's passthrough among \(run.log.count) bytes")
        #expect(!notice.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(notice.debugDescription)")
        #expect(notice.contains(#/: New motion [0-9]+ · [^ ]+ at [0-9]{2}:[0-9]{2}:[0-9]{2}/#), "\(notice)")
        #expect(notice.count <= 200)
        for secret in run.secrets { #expect(!notice.contains(secret)) }
        #expect(!notice.lowercased().contains("token") && !notice.contains("http"))
        let loaded = Self.payloads(run.log, prefix: "]9;", terminator: "\u{1B}").filter { !$0.contains("New motion") }
        #expect(loaded.isEmpty, "events there at start notify nothing: \(loaded)")
    }

    /// Frigate: alerts notify (`notify = alerts`, the default), detections do not; OSC 777's
    /// title and body.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func frigateAlertsNotifyAndDetectionsDoNot() async throws {
        let run = try await Self.run(config: "notify-method = \"osc777\"", passthrough: true, frigate: true)
        let payloads = Self.payloads(run.log, prefix: "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;", terminator: "\u{1B}\u{1B}\\\u{1B}\\")
        #expect(!payloads.isEmpty, "no OSC 777 among \(run.log.count) bytes")
        for payload in payloads {
            let fields = payload.split(separator: ";", omittingEmptySubsequences: false)
            #expect(fields.count == 2, "title and body: \(payload.debugDescription)")
            #expect(fields.last?.hasPrefix("alert at ") == true, "only alerts: \(payload)")
            #expect(!payload.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
        #expect(payloads.count <= 2, "the arrivals alternate alert and detection: \(payloads)")
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func notifyNoneWritesNoNotification() async throws {
        let run = try await Self.run(config: "notify = \"none\"\nnotify-method = \"osc9\"", passthrough: true)
        #expect(run.screen.contains("New motion 1"))
        let text = String(decoding: run.log, as: UTF8.self)
        #expect(!run.log.isEmpty, "the log has the program's output")
        #expect(!text.contains("]9;") && !text.contains("]777;") && !text.contains("Ptmux;"))
        #expect(run.log.filter { $0 == 0x07 }.count == 0, "no bell either")
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func withoutPassthroughTheNotificationIsTheBell() async throws {
        let run = try await Self.run(config: "notify-method = \"osc777\"", passthrough: false)
        let text = String(decoding: run.log, as: UTF8.self)
        #expect(!text.contains("]777;") && !text.contains("Ptmux;"))
        #expect(run.log.filter { $0 == 0x07 }.count >= 1, "a bell, which tmux forwards")
    }
}
