import Foundation
import Testing
@testable import TUI

/// keymap.conf as bytes on disk: a line that is not UTF-8 is one bad line among
/// others, the valid lines still apply, and every bad line is reported with its number and a count.
@Suite struct KeyMapFileTests {
    static func file(_ bytes: [UInt8]) throws -> (URL, URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keymap-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("keymap.conf")
        try Data(bytes).write(to: file)
        return (dir, file)
    }

    @Test func aLineThatIsNotUTF8IsReportedAndTheOthersApply() throws {
        let (dir, file) = try Self.file(Array("bind list J move-down\n".utf8) + Array("bind list \u{FF} move-up\n".utf8.prefix(10))
            + [0xFF, 0xFE] + Array(" move-up\nbind player h oops\nbind player l seek-forward\r\n".utf8))
        defer { try? FileManager.default.removeItem(at: dir) }
        let (map, problems) = KeyMap.load(userFile: file)
        #expect(map.action(for: .char("J"), in: .list) == .moveDown)
        #expect(map.action(for: .char("l"), in: .player) == .seekBy(5))          // a CRLF line applies too
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems[0].description == "\(file.path):2: not valid UTF-8; save the file as UTF-8")
        #expect(problems[1].message.contains("unknown action 'oops'"))
    }

    /// Ctrl-C and Ctrl-Z reach eventplayer as signals, never as keys: binding them would do
    /// nothing, so the line is refused and says why; writing what Ctrl-C already does is fine.
    @Test func ctrlCAndCtrlZCannotBeRebound() {
        let (map, problems) = KeyMap.parse("bind global Ctrl-C none\nbind list C-c play\nunbind global ^C\nbind player Ctrl-Z stop\n"
            + "bind global Ctrl-C quit\n")
        #expect(problems.map(\.line) == [1, 2, 3, 4])
        #expect(problems[0].message == "Ctrl-C cannot be unbound: the terminal sends it as a signal, which always quits (the terminal is restored)")
        #expect(problems[1].message == "C-c cannot be rebound: the terminal sends it as a signal, which always quits (the terminal is restored)")
        #expect(problems[3].message == "Ctrl-Z cannot be rebound: the terminal sends it as a signal, which always suspends eventplayer (fg resumes it)")
        #expect(map.action(for: .ctrl("c"), in: .global) == .quit)
        #expect(map.action(for: .ctrl("z"), in: .player) == nil)
    }

    @Test func theSummaryCountsAndNamesEveryBadLine() {
        let (_, problems) = KeyMap.parse(Data("bind list k jump\nbind list J move-down\n\u{1}\nbind nowhere k move-up\n".utf8 + [0xC3, 0x28]),
                                         source: "/home/u/.config/eventplayer/keymap.conf")
        #expect(problems.map(\.line) == [1, 3, 4, 5])
        let summary = KeyMapDiagnostic.summary(problems) ?? ""
        #expect(summary.hasPrefix("keymap.conf: 4 bad lines skipped (line 1: unknown action 'jump'"))
        #expect(summary.contains(" · line 3: unknown directive"))
        #expect(summary.contains(" · line 4: unknown context 'nowhere'"))
        #expect(summary.hasSuffix(" · line 5: not valid UTF-8; save the file as UTF-8)"))
        #expect(KeyMapDiagnostic.summary([problems[0]]) == "keymap.conf: 1 bad line skipped (line 1: unknown action 'jump'; see the help (?) for action names)")
        #expect(KeyMapDiagnostic.summary([]) == nil)
    }

    @Test func aFileThatCannotBeReadIsReportedAndTheDefaultsApply() throws {
        let (dir, _) = try Self.file([])
        defer { try? FileManager.default.removeItem(at: dir) }
        let (map, problems) = KeyMap.load(userFile: dir)               // a directory where the file should be
        #expect(map == .defaults)
        #expect(problems.count == 1 && problems[0].line == 0)
        #expect(KeyMapDiagnostic.summary(problems)?.contains("is a directory, not a file; using the default keys") == true)
    }

    @Test func aSymbolicLinkLoopIsReportedWithTheReasonNotTakenAsMissing() throws {
        let (dir, file) = try Self.file([])
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: file.path)
        let (map, problems) = KeyMap.load(userFile: file)
        #expect(map == .defaults)
        #expect(problems.map(\.line) == [0])
        #expect(KeyMapDiagnostic.summary(problems)
                == "keymap.conf: cannot be read: it is a symbolic link loop (Too many levels of symbolic links); using the default keys")
        let missing = dir.appendingPathComponent("none.conf")
        #expect(KeyMap.load(userFile: missing).problems.isEmpty)
    }
}
