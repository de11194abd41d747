import Foundation
import TestSupport
import Testing
@testable import TUI

/// What a real terminal shows after each step of the incremental redraw path:
/// first key after the opening message fades, an unbound key, overlays opened and closed, an error,
/// resizes (also while an overlay is open, and to a tiny size). After every step the WHOLE pane is
/// read with `capture-pane` and header, list, player, status bar and message line must all be there.
/// Runs once per TERM users have: the pane re-runs this test binary (env TUI_REDRAW_CHILD=1), which
/// drives a ``UILoop`` with ``RedrawApp``.
@Suite(.serialized, .machineShare) struct TmuxRedrawTests {
    static let isChild = ProcessInfo.processInfo.environment["TUI_REDRAW_CHILD"] == "1"

    @Test(.enabled(if: !isChild && Tmux.binary != nil && FileManager.default.fileExists(atPath: "/proc/self/exe")),
          arguments: ["xterm-256color", "tmux-256color", "screen"])
    func wholeScreenSurvivesEveryStep(term: String) async throws {
        try await Tmux.offPool { try Self.drive(term: term) }
    }

    private static func drive(term: String) throws {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let session = try Tmux(socket: "tui-redraw-\(term)-\(getpid())")
        defer { session.kill() }
        let script = """
        TERM=\(term) TUI_REDRAW_CHILD=1 '\(exe)' --filter tuiRedrawChildRunsTheLoop --testing-library swift-testing 2>/dev/null; \
        echo CHILD_EXIT=$?; sleep 60
        """
        session.start(columns: 80, rows: 24, command: script)
        try session.waitUntil("the opening message") { WholeScreen.missing(in: $0, message: RedrawApp.welcome).isEmpty }
        try session.waitUntil("the message faded, everything else still there") { WholeScreen.missing(in: $0, message: "").isEmpty }
        session.keys("j")
        try session.waitUntil("j: the selection moved, the whole screen intact") {
            $0.contains("▌  Driveway") && WholeScreen.missing(in: $0, message: "").isEmpty
        }
        session.keys("y")                                         // unbound: nothing may change
        session.keys("k")
        try session.waitUntil("y then k: the whole screen intact") {
            WholeScreen.selected("Person at the door", in: $0) && WholeScreen.missing(in: $0, message: "").isEmpty
        }
        // Home/End as tmux sends them (ESC[1~ ESC[4~, whatever TERM says), and the other forms terminals use.
        for (key, literal, row) in [("End", false, "Motion detected 19"), ("Home", false, "Person at the door"),
                                    ("\u{1b}[8~", true, "Motion detected 19"), ("\u{1b}OH", true, "Person at the door"),
                                    ("\u{1b}OF", true, "Motion detected 19"), ("\u{1b}[7~", true, "Person at the door")] {
            if literal { session.type(key) } else { session.keys(key) }
            try session.waitUntil("\(key.debugDescription) selects \(row)") {
                WholeScreen.selected(row, in: $0) && WholeScreen.missing(in: $0, message: "").isEmpty
            }
        }
        session.keys("?")
        try session.waitUntil("the help overlay over an intact screen") {
            $0.contains("Help: keys") && WholeScreen.missing(in: $0, message: "", overlay: true).isEmpty
        }
        session.run(["resize-window", "-x", "100", "-y", "30"])   // resize while the overlay is open
        try session.waitUntil("help at 100x30") {
            $0.contains("Help: keys") && WholeScreen.missing(in: $0, message: "", overlay: true).isEmpty
        }
        session.keys("Escape")
        try session.waitUntil("the overlay closed at 100x30") {
            !$0.contains("Help: keys") && WholeScreen.missing(in: $0, message: "").isEmpty
        }
        session.run(["resize-window", "-x", "20", "-y", "5"])
        try session.waitFor("too small")
        session.run(["resize-window", "-x", "80", "-y", "24"])
        try session.waitUntil("back to 80x24") { WholeScreen.missing(in: $0, message: "").isEmpty }
        session.keys("r")                                         // the scripted refresh fails
        try session.waitUntil("the refresh error on the bottom line") {
            WholeScreen.missing(in: $0, message: "✖ Cannot load events").isEmpty
        }
        session.keys("j")
        try session.waitUntil("the error stays while moving") {
            $0.contains("▌  Driveway") && WholeScreen.missing(in: $0, message: "✖ Cannot load events").isEmpty
        }
        session.keys("Escape")
        try session.waitUntil("Esc dismissed the error") { WholeScreen.missing(in: $0, message: "").isEmpty }
        session.keys("q")
        try session.waitFor("CHILD_EXIT=0")
    }

    /// Runs only inside the tmux pane.
    @Test(.enabled(if: isChild))
    func tuiRedrawChildRunsTheLoop() throws {
        let terminal = try Terminal()
        defer { terminal.restore() }
        UILoop(terminal: terminal).run(RedrawApp())
    }
}

/// Reads a captured 80-column-or-wider main screen: which parts are missing.
enum WholeScreen {
    /// The list's selected row (marked "▌") contains `text`.
    static func selected(_ text: String, in screen: String) -> Bool {
        screen.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains(text) }
    }

    /// Names of the parts not on `screen`: header (row 0), list headings (row 1, hidden by an overlay),
    /// the player pane's title, the status bar (second-to-last row) and the message line (last row;
    /// "" means blank, else it must start with `message`).
    static func missing(in screen: String, message: String, overlay: Bool = false) -> [String] {
        var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if screen.hasSuffix("\n") { rows.removeLast() }   // capture-pane ends every row with a newline
        func row(_ index: Int) -> String { index >= 0 && index < rows.count ? rows[index] : "" }
        let last = rows.count - 1
        var missing: [String] = []
        if !row(0).contains("eventplayer") { missing.append("header") }
        if !overlay, !row(1).contains("Camera") { missing.append("list") }
        if !overlay, !rows.contains(where: { $0.contains("─ Player") }) { missing.append("player") }
        if !row(last - 1).contains("Stopped") { missing.append("status bar") }
        let bottom = row(last).trimmingCharacters(in: .whitespaces)
        if message.isEmpty ? !bottom.isEmpty : !bottom.hasPrefix(message) { missing.append("message line") }
        return missing
    }
}

/// A scripted App for the redraw test: an opening message that times out, a list, overlays, and a
/// refresh (`r`) that fails with an error that stays until Esc.
final class RedrawApp: UILoopDelegate {
    static let welcome = "Welcome: press ? for help"
    var screen = ScreenSnapshot(header: HeaderSnapshot(user: "Redraw", server: "tmux", countsText: "20 loaded"),
                                list: EventListSnapshot(rows: Array(Fixtures.rows.prefix(20))),
                                message: StatusMessage(RedrawApp.welcome))
    var nextDeadline: ContinuousClock.Instant? = .now + .milliseconds(1500)

    func handle(_ event: UIEvent) -> LoopControl {
        if event == .deadline {
            screen.message = nil
            nextDeadline = nil
        }
        guard case .action(let action) = event else { return .keepRunning }
        switch action {
        case .select(let index): screen.list.selectedIndex = index
        case .refresh: screen.error = "Cannot load events: the server at 127.0.0.1:9 refused the connection (3 tries)"
        case .toggleHelp: screen.overlay = screen.overlay == .help ? nil : .help
        case .toggleRequestLog: screen.overlay = screen.overlay == .requestLog ? nil : .requestLog
        case .back:
            if screen.overlay != nil { screen.overlay = nil } else { screen.error = nil }
        case .quitOrBack, .quit: return .quit
        default: break
        }
        // The App resolves where the keys go, as the model does.
        screen.route = screen.overlay == nil ? .context(.list) : .overlay(over: .list)
        return .keepRunning
    }
}
