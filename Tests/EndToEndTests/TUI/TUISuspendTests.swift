import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Ctrl-Z as a user presses it, in an interactive bash with job control: the shell gets the
/// screen back ("Stopped"), `fg` redraws, and playback resumes as it was (playing stays playing,
/// paused stays paused).
@Suite(.serialized, .machineShare) struct TUISuspendTests {
    @Test(.enabled(if: Tmux.binary != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")),
          .timeLimit(.minutes(2)))
    func ctrlZAndFgKeepThePlaybackAsItWas() async throws {
        let (binary, pane) = try Self.shell("ep-suspend")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let command = Self.launch(binary)
        try await Tmux.offPool {
            pane.type(command)
            pane.keys("Enter")
            try pane.waitFor(" loaded")
            try pane.filterToTheLiveEvent()
            pane.keys("Enter")
            try pane.waitUntil("Playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }

            pane.keys("C-z")
            // bash's job report, then its prompt: the terminal is the shell's again.
            try pane.waitUntil("the job report and a prompt") { Self.lastLine($0).hasPrefix("$") && $0.contains("Stopped") }
            pane.type("fg")
            pane.keys("Enter")
            let resumed = try pane.waitFor("▶ Playing")
            let at = ScreenReading.sliderSeconds(resumed) ?? 0
            try pane.waitUntil("the slider advancing after fg") { (ScreenReading.sliderSeconds($0) ?? 0) > at }

            pane.keys("Space")
            try pane.waitFor("❚❚ Paused")
            pane.keys("C-z")
            try pane.waitUntil("the shell while stopped") {
                !$0.contains("❚❚ Paused") && $0.contains("Stopped") && Self.lastLine($0).hasPrefix("$")
            }
            pane.type("fg")
            pane.keys("Enter")
            _ = try pane.waitFor("❚❚ Paused")
            // The slider may still catch up with where the pause landed (one progress tick, 1 s);
            // after that it must not move: it stays paused.
            usleep(1_200_000)
            let still = pane.capture()
            usleep(1_500_000)
            #expect(ScreenReading.sliderSeconds(pane.capture()) == ScreenReading.sliderSeconds(still), "stays paused")

            pane.keys("q")
            pane.keys("q")
            try pane.waitUntil("the shell's screen") { !$0.contains("❚❚ Paused") }
            pane.type("echo STATUS=$?")          // fg's status is the job's exit status
            pane.keys("Enter")
            try pane.waitFor("STATUS=0")
        }
    }

    /// A TUI stopped from outside (`kill -STOP`: the shell takes the terminal back and reports the
    /// job stopped) and then continued in the background (`bg`) draws nothing over the shell, not
    /// even the frames of the video it was playing (they came on, in blocks over bash's lines);
    /// `fg` brings it back. The same for Ctrl-Z then `bg` (the kernel stops it at its terminal
    /// modes, SIGTTOU).
    @Test(.enabled(if: Tmux.binary != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")),
          .timeLimit(.minutes(2)))
    func bgLeavesTheShellAloneUntilFg() async throws {
        let (binary, pane) = try Self.shell("ep-bg")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let command = Self.launch(binary, video: "terminal") + " & echo PID=$!; fg"
        try await Tmux.offPool {
            pane.type(command)
            pane.keys("Enter")
            try pane.waitFor(" loaded")
            pane.keys("Enter")   // play the first event: terminal video in the pane
            try pane.waitFor("▶ Playing")
            let pid = try #require(try Self.tuiPID(binary))
            for stop in ["kill", "C-z"] {
                if stop == "kill" { kill(pid, SIGSTOP) } else { pane.keys("C-z") }
                // SIGSTOP leaves the TUI's screen as it was: bash's report is written over it
                // ("[1]+  Stopped …"; the TUI's own status bar says "■ Stopped" of its playback).
                try pane.waitUntil("the job report (\(stop))") { $0.contains("+  Stopped") }
                usleep(300_000)
                pane.type("clear; bg; sleep 2; echo AFTER-BG; jobs")
                pane.keys("Enter")
                // Drawn over the shell, the list would hide bash's output: wait for one or the other.
                // (The echo's output, not the command line, which holds the word too. The terminal's
                // answers to status requests of frames written before the stop may come after it,
                // and the shell's terminal echoes them, `^[[0n`, before the output.)
                let shell = try pane.waitUntil("the shell's output or the TUI (\(stop))") { screen in
                    screen.split(separator: "\n").contains { $0.contains("AFTER-BG") && !$0.contains("echo AFTER-BG") }
                        || screen.contains(" loaded")
                }
                usleep(500_000)
                let later = pane.capture()
                #expect(!shell.contains(" loaded") && !later.contains(" loaded"), "nothing drawn over the shell (\(stop)):\n\(later)")
                #expect(!later.contains("▀") && !later.contains("▄"), "no video frame over the shell (\(stop)):\n\(later)")
                pane.type("fg")
                pane.keys("Enter")
                try pane.waitUntil("the TUI again after fg (\(stop))") { $0.contains(" loaded") }
            }
            pane.keys("q")
            pane.keys("q")
            try pane.waitUntil("the shell's screen") { !$0.contains(" loaded") }
        }
    }

    /// Notifications only in the foreground: the TUI follows the embedded demo (a new event every
    /// 3 s, a poll every 2 s) and rings the bell for each new event (tmux passes no OSC through
    /// here); sent to the background (Ctrl-Z, `bg`) it goes on following but writes no bell while
    /// new events arrive, and none of them is announced after `fg` either.
    @Test(.enabled(if: Tmux.binary != nil && FileManager.default.isExecutableFile(atPath: "/bin/bash")),
          .timeLimit(.minutes(2)))
    func inTheBackgroundNewEventsNotifyNothing() async throws {
        let (binary, pane) = try Self.shell("ep-bg-notify")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let folder = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "follow-interval = 2\nnotify = \"all\"\n".write(to: folder.appending(path: "config.toml"), atomically: true, encoding: .utf8)
        let output = binary.home.appending(path: "pane-output")
        pane.run(["pipe-pane", "-o", "cat >> '\(output.path)'"])
        @Sendable func written() -> [UInt8] { (try? Data(contentsOf: output)).map { [UInt8]($0) } ?? [] }
        let command = "export EVENTPLAYER_DEMO_NEW_EVENTS=3; " + Self.launch(binary) + " & echo PID=$!; fg"
        let background = try await Tmux.offPool { () throws -> [UInt8] in
            pane.type(command)
            pane.keys("Enter")
            try pane.waitFor(" loaded")
            // In the foreground a new event rings (the test could not fail without this).
            let start = written().count
            _ = try Tmux.poll("a bell for a new event in the foreground", seconds: 30, read: { String(written().dropFirst(start).filter { $0 == 0x07 }.count) }) { $0 != "0" }
            pane.keys("C-z")
            try pane.waitUntil("the job report") { $0.contains("+  Stopped") }
            pane.type("bg")
            pane.keys("Enter")
            usleep(500_000)
            let before = written().count
            usleep(10_000_000)   // three new events, five polls
            let background = Array(written().dropFirst(before))
            pane.type("fg")
            pane.keys("Enter")
            try pane.waitUntil("the TUI again after fg") { $0.contains(" loaded") }
            usleep(1_000_000)
            pane.keys("q")
            pane.keys("q")
            return background
        }
        #expect(!background.contains(0x07), "no bell while in the background")
        let text = String(decoding: background, as: UTF8.self)
        #expect(!text.contains("]9;") && !text.contains("]777;"), "no notification either")
    }

    /// A fresh home and an interactive bash with job control in a 100×30 pane.
    static func shell(_ socket: String) throws -> (Binary, Tmux) {
        let binary = try Binary()
        let pane = try Tmux(socket: "\(socket)-\(getpid())")
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: "exec /bin/bash --norc --noprofile -i")
        return (binary, pane)
    }

    /// The command line that starts the TUI against the embedded demo, its stderr in the home.
    static func launch(_ binary: Binary, video: String = "none") -> String {
        "unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; PS1='$ '; "
            + "'\(binary.url.path)' --video \(video) --no-audio 2>\(binary.home.path)/stderr"
    }

    /// The TUI's PID, from the `PID=` line the shell printed (scrolled off by the TUI: read from
    /// the processes of this test's binary instead).
    static func tuiPID(_ binary: Binary) throws -> pid_t? {
        let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
        for entry in entries {
            guard let pid = pid_t(entry),
                  let command = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8),
                  command.hasPrefix(binary.url.path + "\0--video") else { continue }
            // This test's TUI, not another suite's running the same binary at the same time (a
            // SIGSTOP sent there froze that test's playback and left this one's job running):
            // each Binary has a home of its own.
            let environment = (try? String(contentsOfFile: "/proc/\(entry)/environ", encoding: .utf8)) ?? ""
            if environment.split(separator: "\0").contains("HOME=\(binary.home.path)") { return pid }
        }
        return nil
    }

    /// The last non-empty line of a screen.
    static func lastLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
    }
}
