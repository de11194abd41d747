import Foundation
import TestSupport
import Testing

/// `eventplayer` with no arguments and no server configured: the embedded demo backend signs
/// in by itself (no form), the header shows the demo badge, `d` shows the request log.
@Suite(.serialized, .machineShare) struct TUIDemoTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func noArgumentsOpensTheDemo() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-demo-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("")
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the list with the demo badge, no sign-in form") {
                $0.contains(" loaded") && $0.contains(" demo ") && $0.contains("Demo User") && !$0.contains("Sign in")
            }
            pane.keys("d")
            try pane.waitFor("Request log")
            try pane.waitFor("apiEvents")
            pane.keys("q")
            try pane.waitUntil("the overlay closed") { !$0.contains("Request log") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    /// On a machine where the demo's generated media is not made yet, the list shows at once:
    /// an `ffmpeg` that never finishes stands in for a slow first generation. Before, the
    /// screen stayed blank until ffmpeg was done (minutes on a loaded machine).
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func theListShowsWhileTheDemoMediaIsStillBeingMade() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-demo-slow-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let tools = binary.home.appending(path: "slow-tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let ffmpeg = tools.appending(path: "ffmpeg")
        try ExecutableScript.write("#!/bin/sh\nexec sleep 40\n", to: ffmpeg)
        var environment = binary.paneEnvironment
        environment["XDG_CACHE_HOME"] = binary.home.appending(path: "cache").path
        // tmux sets a new session's PATH from its client, whatever `-e` says: set it in the script.
        let script = binary.paneScript("--video none", exports: ["PATH": tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        pane.start(columns: 100, rows: 30, environment: environment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the list while ffmpeg still runs", seconds: 20) { $0.contains(" loaded") && $0.contains(" demo ") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
        let made = binary.home.appending(path: "cache/eventplayer/demo-media/v2/.complete")
        #expect(!FileManager.default.fileExists(atPath: made.path), "the stand-in ffmpeg never finishes")
    }
}
