import Foundation
import Testing
@testable import TUI

/// Conflicting bindings in keymap.conf: two lines of the file binding the same key in the
/// same context say which line wins; a `global` binding a list or player binding hides says so;
/// rebinding a default key (the point of the file) says nothing.
@Suite struct KeyMapConflictTests {
    @Test func twoLinesBindingTheSameKeySayWhichWins() throws {
        let (map, problems) = KeyMap.parse("bind list j page-down\n# mine\nbind player j stop\n\nbind list j refresh\n",
                                           source: "/home/u/.config/eventplayer/keymap.conf")
        #expect(map.action(for: .char("j"), in: .list) == .refresh)
        #expect(problems == [.init(source: "/home/u/.config/eventplayer/keymap.conf", line: 5,
                                   message: "binds list j to refresh, line 1 bound it to page-down; line 5 wins", kind: .note)])
        try #require(problems.count == 1)
        #expect(problems[0].description
                == "/home/u/.config/eventplayer/keymap.conf:5: binds list j to refresh, line 1 bound it to page-down; line 5 wins")
        #expect(KeyMapDiagnostic.summary(problems)
                == "keymap.conf: 1 conflict (line 5: binds list j to refresh, line 1 bound it to page-down; line 5 wins)")
    }

    @Test func rebindingADefaultKeyTheSameBindingTwiceOrAfterUnbindIsNoConflict() throws {
        let text = "bind list j page-down\nbind list j page-down\nbind player Space stop\nunbind list k\nbind list k refresh\n"
            + "bind list x none\nbind list x export\n"
        let (map, problems) = KeyMap.parse(text)
        #expect(problems.isEmpty, "\(problems)")
        #expect(map.action(for: .char("k"), in: .list) == .refresh)
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources/keymap.conf").standardized
        #expect(KeyMap.parse(try String(contentsOf: shipped, encoding: .utf8)).problems.isEmpty)   // the shipped file, copied
    }

    @Test func aGlobalBindingThatTheListOrPlayerHidesSaysSo() throws {
        let (map, problems) = KeyMap.parse("bind global j help\nbind global F2 help\nbind global Down request-log\n")
        #expect(map.action(for: .char("j"), in: .player) == .toggleHelp)
        #expect(map.action(for: .char("j"), in: .list) == .moveDown)
        try #require(problems.map(\.line) == [1, 3])
        #expect(problems.allSatisfy { $0.kind == .note })
        #expect(problems[0].message == "global j (help) is hidden in list by move-down: a context's own binding wins; `unbind list j` lets it through")
        #expect(problems[1].message == "global Down (request-log) is hidden in list by move-down and in player by seek-backward-long: "
                + "a context's own binding wins; `unbind list Down`, `unbind player Down` lets it through")
        #expect(KeyMap.parse("bind global j help\nunbind list j\n").problems.isEmpty)
    }

    @Test func badLinesAndConflictsAreSummedUpApart() {
        let (_, problems) = KeyMap.parse("bind list j page-down\nbind list k jump\nbind list j refresh\n")
        #expect(problems.map(\.line) == [2, 3])
        #expect(KeyMapDiagnostic.summary(problems) == "keymap.conf: 1 bad line skipped (line 2: unknown action 'jump'; "
                + "see the help (?) for action names); 1 conflict (line 3: binds list j to refresh, line 1 bound it to page-down; line 3 wins)")
    }
}
