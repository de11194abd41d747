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
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-suspend-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let dir = binary.home.path
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: "exec /bin/bash --norc --noprofile -i")
        let command = "unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY; PS1='$ '; "
            + "'\(binary.url.path)' --video none --no-audio 2>\(dir)/stderr"
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

    /// The last non-empty line of a screen.
    static func lastLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init) ?? ""
    }
}
