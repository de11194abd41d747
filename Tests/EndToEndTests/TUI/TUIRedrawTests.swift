import Foundation
import TestSupport
import Testing

/// The real `eventplayer` (demo backend) under tmux: the first key after the opening message fades
/// must not blank the screen. The whole pane is read after each step.
@Suite(.serialized, .machineShare) struct TUIRedrawTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func firstKeysKeepTheWholeScreen() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-redraw-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--video none --no-audio")
        pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment, command: script)
        try await Tmux.offPool {
            try pane.waitUntil("the list, the opening message gone") { $0.contains(" loaded") && Self.intact($0, message: "") }
            pane.keys("j")
            try pane.waitUntil("j: the second event selected, the whole screen there") {
                ScreenReading.selectedLine($0) == 3 && Self.intact($0, message: "")
            }
            pane.keys("y")                                        // unbound: nothing may change
            pane.keys("j")
            try pane.waitUntil("y j: the third event selected, the whole screen there") {
                ScreenReading.selectedLine($0) == 4 && Self.intact($0, message: "")
            }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
    }

    /// Header, list headings, player title and status bar are on screen; the last row starts with `message`
    /// ("" means blank).
    static func intact(_ screen: String, message: String) -> Bool {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if screen.hasSuffix("\n") { rows.removeLast() }
        guard rows.count == 24 else { return false }
        let bottom = rows[23].trimmingCharacters(in: .whitespaces)
        return rows[0].contains("eventplayer") && rows[1].contains("Camera") && rows.contains { $0.hasPrefix("─ Player") }
            && rows[22].contains("Stopped") && (message.isEmpty ? bottom.isEmpty : bottom.hasPrefix(message))
    }
}
