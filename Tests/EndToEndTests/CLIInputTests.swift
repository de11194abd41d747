import DemoBackend
import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What a new user gets from bad input: one clear line, exit 2 for usage errors, 1 for runtime
/// errors, never a crash.
@Suite("Bad input to the eventplayer binary", .serialized, .machineShare)
struct CLIInputTests {
    @Test("a server URL that cannot be used is a usage error from --server, the environment and the config file", arguments: [
        ("http://127.0.0.1:99999", "the port must be from 1 to 65535, not 99999"),
        ("http://127.0.0.1:0", "the port must be from 1 to 65535, not 0"),
        ("not-a-url", "is not a URL"),
        ("ftp://x", "the scheme must be http or https, not ftp"),
        ("http://", "names no host"),
    ])
    func badServerURL(url: String, expected: String) async throws {
        let binary = try Binary()
        let login = try await binary.run(["login", "--server", url, "--email", "a@b.c", "--password-stdin"], input: "x\n")
        #expect(login.status == 2, "\(login.stderr)")
        #expect(login.stderr.contains("--server \"\(url)\"") && login.stderr.contains(expected), "\(login.stderr)")
        let environment = try await binary.run(["events"], environment: ["EVENTPLAYER_SERVER": url])
        #expect(environment.status == 2)
        #expect(environment.stderr.hasPrefix("eventplayer: error: EVENTPLAYER_SERVER \"\(url)\""), "\(environment.stderr)")
        #expect(environment.stderr.contains(expected))
        let config = try binary.writeConfig("log-level = \"info\"\nserver = \"\(url)\"\n")
        let file = try await binary.run(["events"])
        #expect(file.status == 2)
        #expect(file.stderr.hasPrefix("eventplayer: error: \(config.path):2: server \"\(url)\""), "\(file.stderr)")
    }

    @Test func anOfflineCameraTheDemoDoesNotHaveOrWithoutFrigateIsAUsageError() async throws {
        let binary = try Binary()
        let unknown = try await binary.run(["demo-server", "--flavor", "frigate", "--port", "0", "--offline-camera", "attic"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("the demo has no camera \"attic\" (it has: backyard, driveway, front_door, garage, side_gate)"),
                "\(unknown.stderr)")
        let events = try await binary.run(["demo-server", "--port", "0", "--offline-camera", "driveway"])
        #expect(events.status == 2)
        #expect(events.stderr.contains("--offline-camera needs --flavor frigate"), "\(events.stderr)")
    }

    @Test func anEmptyServerFlagIsAUsageError() async throws {
        let result = try await Binary().run(["events", "--server", ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--server is empty"))
    }

    @Test func theTUIWithAPortOutOfRangeExitsWith2AndLeavesNoPrivateDirectory() async throws {
        let binary = try Binary()
        let runtime = binary.home.appending(path: "run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let result = try await binary.run(["--server", "http://127.0.0.1:99999"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("the port must be from 1 to 65535"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty)
    }

    @Test("the TUI in a real terminal with a port out of range: a usage error, no crash, no private directory",
          .enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func theTUIInATerminalWithAPortOutOfRange() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-port-\(getpid())")
        defer { pane.run(["kill-server"]) }
        let runtime = binary.home.appending(path: "run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let env = binary.environment.filter { ["HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "PATH", "LANG"].contains($0.key) }
        let exports = env.map { "export \($0.key)='\($0.value)'" }.joined(separator: "; ")
        let script = """
        \(exports); export XDG_RUNTIME_DIR='\(runtime.path)'; unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; \
        '\(binary.url.path)' --server http://127.0.0.1:99999 --video none; echo "EXIT=$?"; sleep 60
        """
        pane.run(["new-session", "-d", "-x", "100", "-y", "24", "sh", "-c", script])
        _ = try await Tmux.offPool { try pane.waitFor("EXIT=") }
        let screen = pane.capture()
        #expect(screen.contains("EXIT=2"), "\(screen)")
        #expect(screen.contains("the port must be from 1 to 65535, not 99999"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty)
    }

    @Test func configErrorsNameTheLineAndAreUsageErrors() async throws {
        let binary = try Binary()
        let config = try binary.writeConfig("# network\n[network]\nretry-cap = 0\nretries = 100000\n")
        let result = try await binary.run(["events", "--limit", "1"])
        #expect(result.status == 2)
        #expect(result.stderr == "eventplayer: error: \(config.path):4: [network] retries must be a whole number from 0 to 999 (got 100000)\n")
    }

    @Test("a config.toml that is a symbolic-link loop is a usage error for every command, never the demo backend")
    func aConfigFileThatCannotBeReadIsAUsageError() async throws {
        let binary = try Binary()
        let config = try binary.writeConfig("")
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createSymbolicLink(atPath: config.path, withDestinationPath: config.path)
        let expected = "eventplayer: error: \(config.path): cannot be read: it is a symbolic link loop (Too many levels of symbolic links)\n"
        for arguments in [["events", "--limit", "1"], ["play", "evt-endlist", "--frames", "1", "--video", "none"],
                          ["export", "evt-endlist", "-o", binary.home.appending(path: "x.mp4").path], ["playlist", "evt-endlist"],
                          ["tui", "--video", "none"], ["login", "--email", "a@b.c", "--password-stdin"]] {
            let result = try await binary.run(arguments, input: "x\n")
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr == expected, "\(arguments)")
        }
    }

    @Test("a header value with CR LF or ESC is a usage error naming the flag or the file's line")
    func headerValuesWithControlCharacters() async throws {
        let binary = try Binary()
        let flag = try await binary.run(["events", "--limit", "1", "--header", "X-A: a\r\nX-Evil: 1"])
        #expect(flag.status == 2, "\(flag.stderr)")
        #expect(flag.stderr.contains("--header \"X-A: a\\u{D}\\u{A}X-Evil: 1\": the value contains a line break"), "\(flag.stderr)")
        let config = try binary.writeConfig("[headers.all]\nX-A = \"1\"\nX-B = \"a\\r\\nX-Evil: 1\"\n")
        let file = try await binary.run(["events", "--limit", "1"])
        #expect(file.status == 2, "\(file.stderr)")
        #expect(file.stderr == "eventplayer: error: \(config.path):3: [headers.all] X-B: the value contains a line break\n")
        _ = try binary.writeConfig("[headers.mediaSegment]\nX-B = \"a\\u001B]0;title\\u0007\"\n")
        let escape = try await binary.run(["play", "evt-endlist", "--frames", "1", "--video", "none"])
        #expect(escape.status == 2, "\(escape.stderr)")
        #expect(escape.stderr.contains(":2: [headers.mediaSegment] X-B: the value contains the control character U+001B"), "\(escape.stderr)")
    }

    @Test func theConfigFileVideoKeyIsRead() async throws {
        let binary = try Binary()
        let config = try binary.writeConfig("audio = false\nvideo = \"braille\"\n")
        let result = try await binary.run(["play", "evt-endlist", "--frames", "1"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("eventplayer: error: \(config.path):2: video must be auto, window, terminal or none"), "\(result.stderr)")
        _ = try binary.writeConfig("audio = false\nvideo = \"terminal\"\n")
        let terminal = try await binary.run(["play", "evt-endlist", "--frames", "1"])
        #expect(terminal.status == 0, "terminal video in play decodes nothing to a screen: \(terminal.stderr)")
        let flagWins = try await binary.run(["play", "evt-endlist", "--frames", "1", "--video", "none"])
        #expect(flagWins.status == 0, "\(flagWins.stderr)")
    }

    @Test func loginWithNoServerConfiguredSaysSoWithoutStartingTheDemoBackend() async throws {
        let result = try await Binary().run(["login", "--email", "a@b.c", "--password-stdin"], input: "x\n")
        #expect(result.status == 2)
        #expect(result.stderr == "eventplayer: error: login needs a server: pass --server URL or --profile NAME, or set EVENTPLAYER_SERVER "
                    + "(the embedded demo backend signs in by itself)\n")
    }

    /// `--video`, `--network`, `--video-glyphs`, `--format` and `--log-level` are enums: `--help` lists their
    /// values, a bad word is a usage error naming the flag and every allowed word.
    @Test func choiceFlagsListTheirValuesAndRefuseOthers() async throws {
        let binary = try Binary()
        /// Help text is wrapped to the terminal's width: compare with single spaces.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let tui = try await binary.run(["tui", "--help"])
        #expect(tui.status == 0, "\(tui.stderr)")
        for values in ["(values: auto, window, terminal, none)", "(values: direct, proxy)", "(values: half, quadrant, sextant)"] {
            #expect(words(tui.stdout).contains(values), "\(values) in:\n\(tui.stdout)")
        }
        let play = try await binary.run(["play", "--help"])
        #expect(words(play.stdout).contains("(values: auto, window, terminal, none)") && words(play.stdout).contains("(values: direct, proxy)"),
                "\(play.stdout)")
        let export = try await binary.run(["export", "--help"])
        #expect(words(export.stdout).contains("(values: ts, mp4)"), "\(export.stdout)")
        let events = try await binary.run(["events", "--help"])
        #expect(words(events.stdout).contains("(values: trace, debug, info, notice, warning, error, critical)"), "\(events.stdout)")
        for (arguments, allowed) in [(["play", "evt-endlist", "--video", "big"], "one of 'auto', 'window', 'terminal' or 'none'."),
                                     (["play", "evt-endlist", "--network", "carrier-pigeon"], "one of 'direct' and 'proxy'."),
                                     (["tui", "--video-glyphs", "braille"], "one of 'half', 'quadrant' or 'sextant'."),
                                     (["export", "evt-endlist", "--format", "mkv"], "one of 'ts' and 'mp4'."),
                                     (["events", "--log-level", "loud"],
                                      "one of the following: - trace - debug - info - notice - warning - error - critical")] {
            let result = try await binary.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(words(result.stderr).contains("The value '\(arguments[arguments.count - 1])' is invalid for '\(arguments[arguments.count - 2])"),
                    "\(result.stderr)")
            #expect(words(result.stderr).contains("Please provide \(allowed)"), "\(arguments): \(result.stderr)")
        }
        let upper = try await binary.run(["export", "evt-endlist", "--format", "MP4", "-o", ""])
        #expect(upper.stderr.contains("-o needs a path"), "--format stays case-insensitive: \(upper.stderr)")
    }

    @Test func badFlagsAreUsageErrors() async throws {
        let binary = try Binary()
        for arguments in [["events", "--log-level", "loud"], ["events", "--header", "NoColon"],
                          ["play", "evt-endlist", "--network", "carrier-pigeon"], ["play", "evt-endlist", "--video", "big"],
                          ["tui", "--video-glyphs", "braille"],
                          ["rewrite", "--url", "x.m3u8", "--token", "t"], ["login", "--email"]] {
            let result = try await binary.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
    }
}

extension Binary {
    /// Writes `text` as this binary's config file.
    func writeConfig(_ text: String) throws -> URL {
        let file = home.appending(path: "config/eventplayer/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }
}
