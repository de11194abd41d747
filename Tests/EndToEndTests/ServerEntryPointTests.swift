import DemoBackend
import Foundation
import TestSupport
import Testing

/// A user who logs in once and then just runs `eventplayer`: the stored session chooses the server
/// (not the embedded demo), one session per server (`--server A`, `--server B` both work, the last
/// sign-in is the default), addresses compared in canonical form, profiles from the config file,
/// global options before the command, and `logout` for one, another or every server.
@Suite("The stored session chooses the server; a session per server; profiles", .serialized, .machineShare)
struct ServerEntryPointTests {
    static func frigate() async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        return try await DemoServer.start(configuration)
    }

    /// The ids `events --json` lists.
    static func ids(_ result: Binary.Result) throws -> [String] {
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]],
                                   "\(result.stdout) \(result.stderr)")
        return decoded.compactMap { $0["id"] as? String }
    }

    @Test func afterLoginPlainCommandsUseThatServerAndEachServerKeepsItsSession() async throws {
        let events = try await DemoServer.start()
        let frigate = try await Self.frigate()
        defer { Task { await events.stop(); await frigate.stop() } }
        let binary = try Binary()
        // Logged in with a trailing slash: the same server as without.
        let eventsURL = events.baseURL.absoluteString
        let login = try await binary.run(["login", "--server", eventsURL + "/", "--email", DemoAccount.email, "--password-stdin"],
                                         input: DemoAccount.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")

        let plain = try await binary.run(["events", "--json", "--limit", "3"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stderr.contains("embedded demo"), "\(plain.stderr)")
        #expect(try Self.ids(plain).allSatisfy { $0.hasPrefix("evt-") })
        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(log.contains("origin=the last server signed in to") || log.contains("origin: the last server signed in to")
                || log.contains("the last server signed in to"), "\(log.suffix(800))")

        // A second server: its own session, and the default now.
        let second = try await binary.loginFrigate(frigate.baseURL)
        #expect(second.status == 0, "\(second.stderr)")
        let nowFrigate = try await binary.run(["events", "--json", "--limit", "3"])
        #expect(nowFrigate.status == 0, "\(nowFrigate.stderr)")
        #expect(try Self.ids(nowFrigate).allSatisfy { !$0.hasPrefix("evt-") && !$0.isEmpty })
        // The first server still signed in, named with a trailing slash: one server, not two.
        let first = try await binary.run(["events", "--json", "--limit", "3", "--server", eventsURL + "/"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.ids(first).allSatisfy { $0.hasPrefix("evt-") })
        // Global options before the command, as in git and docker.
        let before = try await binary.run(["--server", eventsURL, "events", "--json", "--limit", "2"])
        #expect(before.status == 0, "\(before.stderr)")
        #expect(try Self.ids(before).count == 2)
        let demo = try await binary.run(["--demo", "frigate", "events", "--limit", "1"])
        #expect(demo.status == 0, "\(demo.stderr)")
        #expect(demo.stderr.contains("embedded demo backend (Frigate)"), "\(demo.stderr)")

        // logout forgets the default's session only; the line names the one kept.
        let out = try await binary.run(["logout"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("signed out of \(frigate.baseURL.absoluteString)"), "\(out.stdout)")
        #expect(out.stdout.contains("kept the session for \(eventsURL)"), "\(out.stdout)")
        let stillFirst = try await binary.run(["events", "--json", "--limit", "1", "--server", eventsURL])
        #expect(stillFirst.status == 0, "\(stillFirst.stderr)")
        let all = try await binary.run(["logout", "--all"])
        #expect(all.status == 0 && all.stdout.contains("signed out of \(eventsURL)"), "\(all.stdout)")
        let gone = try await binary.run(["events", "--server", eventsURL])
        #expect(gone.status == 1 && gone.stderr.contains("not signed in"), "\(gone.stderr)")
    }

    @Test func profilesNameServersInTheConfigFile() async throws {
        let events = try await DemoServer.start()
        defer { Task { await events.stop() } }
        let binary = try Binary()
        let url = events.baseURL.absoluteString
        let config = binary.home.appending(path: "config/eventplayer/config.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("[profiles.site-a]\nserver = \"\(url)/\"\nbackend = \"events\"\n[profiles.site-b]\nserver = \"http://127.0.0.1:9\"\n".utf8)
            .write(to: config)
        let login = try await binary.run(["login", "--profile", "site-a", "--email", DemoAccount.email, "--password-stdin"],
                                         input: DemoAccount.password + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("at \(url)"), "\(login.stdout)")
        let byFlag = try await binary.run(["--profile", "site-a", "events", "--json", "--limit", "2"])
        #expect(byFlag.status == 0, "\(byFlag.stderr)")
        #expect(try Self.ids(byFlag).count == 2)
        let byEnvironment = try await binary.run(["events", "--json", "--limit", "2"], environment: ["EVENTPLAYER_PROFILE": "site-a"])
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")
        // --profile wins over EVENTPLAYER_PROFILE: site-b has no session.
        let other = try await binary.run(["events", "--profile", "site-b"], environment: ["EVENTPLAYER_PROFILE": "site-a"])
        #expect(other.status == 1 && other.stderr.contains("eventplayer login --profile site-b"), "\(other.stderr)")
        let unknown = try await binary.run(["events", "--profile", "cabin"])
        #expect(unknown.status == 2, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("--profile cabin: no such profile (known: site-a, site-b)"), "\(unknown.stderr)")
        let out = try await binary.run(["logout", "--profile", "site-a"])
        #expect(out.status == 0 && out.stdout.contains("signed out of \(url)"), "\(out.stdout) \(out.stderr)")
    }

    /// The TUI after `login`: plain `eventplayer` opens the server signed in to, with no demo badge
    /// and no sign-in form.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func theTUIOpensTheServerOfTheLastSignIn() async throws {
        let events = try await DemoServer.start()
        defer { Task { await events.stop() } }
        let binary = try Binary()
        let login = try await binary.login(events.baseURL)
        #expect(login.status == 0, "\(login.stderr)")
        let pane = try Tmux(socket: "ep-entry-\(getpid())")
        defer { pane.kill() }
        pane.start(columns: 100, rows: 24, environment: binary.paneEnvironment, command: binary.paneScript("--video none --no-audio"))
        let screen = try await Tmux.offPool { () throws -> String in
            let screen = try pane.waitFor(" loaded")
            pane.keys("q")
            _ = try pane.waitFor("EXIT=0")
            return screen
        }
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains(":\(events.baseURL.port ?? 0)"), "\(screen)")
        #expect(!header.contains(" demo "), "\(screen)")
        #expect(!screen.contains("Sign in"), "\(screen)")
    }

    /// `N` switches server without quitting: the picker lists both servers signed in to and the
    /// demo; Enter on the other shows its list, and the program goes on until `q`.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func theServerPickerSwitchesWithoutQuitting() async throws {
        let events = try await DemoServer.start()
        let frigate = try await Self.frigate()
        defer { Task { await events.stop(); await frigate.stop() } }
        let binary = try Binary()
        #expect(try await binary.login(events.baseURL).status == 0)
        let second = try await binary.loginFrigate(frigate.baseURL)
        #expect(second.status == 0, "\(second.stderr)")
        let pane = try Tmux(socket: "ep-switch-\(getpid())")
        defer { pane.kill() }
        pane.start(columns: 110, rows: 24, environment: binary.paneEnvironment, command: binary.paneScript("--video none --no-audio"))
        let eventsPort = ":\(events.baseURL.port ?? 0)", frigatePort = ":\(frigate.baseURL.port ?? 0)"
        let (picker, switched) = try await Tmux.offPool { () throws -> (String, String) in
            _ = try pane.waitFor(frigatePort)
            _ = try pane.waitFor(" loaded")
            pane.keys("N")
            let picker = try pane.waitFor("Embedded demo backend")
            pane.keys("Down")      // from the default (Frigate, first) to the events service
            pane.keys("Enter")
            let switched = try pane.waitFor("Demo User @ 127.0.0.1\(eventsPort)")
            _ = try pane.waitFor(" loaded")
            pane.keys("q")
            _ = try pane.waitFor("EXIT=0")
            return (picker, switched)
        }
        #expect(picker.contains("127.0.0.1\(frigatePort) · admin · Frigate (default)"), "\(picker)")
        #expect(picker.contains("127.0.0.1\(eventsPort) · Demo User"), "\(picker)")
        #expect(!switched.contains(" demo "), "\(switched)")
    }
}
