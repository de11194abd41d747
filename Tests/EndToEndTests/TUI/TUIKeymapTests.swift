import Foundation
import TestSupport
import Testing

/// keymap.conf with a line that is not UTF-8: the real TUI reports it on the
/// bottom line (whole in the request log, `d`) and applies the file's other lines.
@Suite(.serialized, .machineShare) struct TUIKeymapTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func aNonUTF8LineIsReportedAndTheOthersApply() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-keymap-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let config = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(Array("# mine\n".utf8) + [0x62, 0x69, 0x6E, 0x64, 0x20, 0xFF, 0x0A] + Array("bind list J move-down\n".utf8))
            .write(to: config.appending(path: "keymap.conf"))
        let script = binary.paneScript("--video none --no-audio")
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the keymap problem on the bottom line") {
                $0.contains(" loaded") && $0.split(separator: "\n").last?.contains("✖ keymap") == true
            }
            pane.keys("J")                                        // bound by the file's valid line
            try pane.waitUntil("J moved the selection") { ScreenReading.selectedLine($0) == 3 }
            pane.keys("d")
            try pane.waitUntil("the whole problem in the request log") {
                $0.contains("Request log") && $0.contains("2: not valid UTF-8")
            }
            pane.keys("q")
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    /// Two lines of keymap.conf binding the same key: the later one wins and the bottom
    /// line says so.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func twoLinesBindingOneKeySayWhichWins() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-keymap-conflict-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let config = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("bind list J move-first\nbind list J move-down\n".utf8).write(to: config.appending(path: "keymap.conf"))
        let script = binary.paneScript("--video none --no-audio")
        pane.start(columns: 120, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the conflict on the bottom line") {
                $0.contains(" loaded") && $0.split(separator: "\n").last?.contains("✖ keymap.conf: 1 conflict (line 2: binds list J") == true
            }
            pane.keys("J")                                        // line 2 wins: move-down
            try pane.waitUntil("J moved the selection down") { ScreenReading.selectedLine($0) == 3 }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }
}

