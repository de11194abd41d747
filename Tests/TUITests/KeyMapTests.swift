import Foundation
import Testing
@testable import TUI

@Suite struct KeyMapTests {
    @Test func altKeysParseNameAndShow() {
        #expect(Key(name: "Alt-Left") == .alt(.special(.left)))
        #expect(Key(name: "M-x") == .alt(.char("x")))
        #expect(Key(name: "Alt--") == .alt(.char("-")))
        #expect(Key(name: "alt-backspace") == .alt(.special(.backspace)))
        #expect(Key(name: "Alt-Alt-x") == nil)
        #expect(Key(name: "Alt-") == nil)
        #expect(Key.alt(.special(.left)).name == "Alt-Left")
        #expect(Key.alt(.special(.left)).symbol == "M-←")
        #expect(KeyMap.defaults.action(for: .alt(.char("+")), in: .player) == .zoom(by: 0.1))
        #expect(KeyMap.defaults.action(for: .alt(.special(.backspace)), in: .player) == .resetFraming)
    }

    /// Terminals send Alt+x as ESC x: an ESC read together with a key is Alt plus that key; an
    /// ESC alone, or before another ESC, is Esc.
    @Test func anEscapeWithAKeyInOneReadIsAlt() {
        let joined = CursesScreen.joiningAlt([.key(.special(.escape)), .key(.char("-")), .key(.special(.escape)),
                                              .key(.special(.escape)), .key(.char("j")), .resize, .key(.special(.escape))])
        #expect(joined == [.key(.alt(.char("-"))), .key(.special(.escape)), .key(.alt(.char("j"))), .resize, .key(.special(.escape))])
    }

    @Test func defaultsFollowDesign() {
        let map = KeyMap.defaults
        #expect(map.action(for: .char("k"), in: .list) == .moveUp)
        #expect(map.action(for: .special(.down), in: .list) == .moveDown)
        #expect(map.action(for: .char("G"), in: .list) == .moveToLast)
        #expect(map.action(for: .special(.enter), in: .list) == .play)
        #expect(map.action(for: .char("/"), in: .list) == .startFilter)
        #expect(map.action(for: .special(.space), in: .player) == .togglePause)
        #expect(map.action(for: .special(.left), in: .player) == .seekBy(-5))
        #expect(map.action(for: .special(.up), in: .player) == .seekBy(60))
        #expect(map.action(for: .char("9"), in: .player) == .volume(by: -5))
        #expect(map.action(for: .special(.home), in: .player) == .seekToStart)
        #expect(map.action(for: .char("q"), in: .player) == .quitOrBack)   // falls back to global
        #expect(map.action(for: .ctrl("c"), in: .list) == .quit)
        #expect(map.action(for: .char("y"), in: .list) == nil)             // unknown keys do nothing
    }

    @Test func textContextsTypeInsteadOfFallingBack() {
        let map = KeyMap.defaults
        #expect(map.action(for: .char("q"), in: .form) == .insertText("q"))
        #expect(map.action(for: .special(.space), in: .filter) == .insertText(" "))
        #expect(map.action(for: .special(.tab), in: .form) == .nextField)
        #expect(map.action(for: .special(.escape), in: .filter) == .cancel)
        #expect(map.action(for: .ctrl("c"), in: .form) == .quit)
    }

    @Test func overridesApply() {
        let text = """
        # my keys
        bind list J move-down
        bind player x stop
        unbind player s
        bind global F1 help
        bind list r none
        """
        let (map, problems) = KeyMap.parse(text)
        #expect(problems.isEmpty)
        #expect(map.action(for: .char("J"), in: .list) == .moveDown)
        #expect(map.action(for: .char("x"), in: .player) == .stop)
        #expect(map.action(for: .char("s"), in: .player) == nil)
        #expect(map.action(for: .special(.f1), in: .list) == .toggleHelp)
        #expect(map.action(for: .char("r"), in: .list) == nil)
        #expect(map.action(for: .char("j"), in: .list) == .moveDown)   // defaults kept
    }

    @Test func badLinesAreReportedWithTheirNumberAndDefaultsKept() {
        let text = """
        bind list k move-down

        bind list k jump
        bind nowhere k move-up
        bind list NoSuchKey move-up
        bind list k
        rebind list k move-up
        """
        let (map, problems) = KeyMap.parse(text, source: "keymap.conf")
        #expect(problems.map(\.line) == [3, 4, 5, 6, 7])
        #expect(problems[0].description == "keymap.conf:3: unknown action 'jump'; see the help (?) for action names")
        #expect(problems[1].message.contains("unknown context 'nowhere'"))
        #expect(problems[2].message.contains("unknown key 'NoSuchKey'"))
        #expect(problems[3].message.contains("expected 'bind <context> <key> <action>'"))
        #expect(problems[4].message.contains("unknown directive 'rebind'"))
        #expect(map.action(for: .char("k"), in: .list) == .moveDown)   // line 1 applied, bad lines skipped
        #expect(map.action(for: .char("j"), in: .list) == .moveDown)
    }

    @Test func keyNames() {
        #expect(Key(name: "PgDn") == .special(.pageDown))
        #expect(Key(name: "pgdn") == .special(.pageDown))
        #expect(Key(name: "Ctrl-C") == .ctrl("c"))
        #expect(Key(name: "C-u") == .ctrl("u"))
        #expect(Key(name: "^X") == .ctrl("x"))
        #expect(Key(name: "?") == .char("?"))
        #expect(Key(name: "Hyper-X") == nil)
        for key in [Key.char("k"), .ctrl("c"), .special(.backTab), .special(.f12)] {
            #expect(Key(name: key.name) == key)
        }
    }

    @Test func shippedKeymapConfIsTheDefaults() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Resources/keymap.conf").standardized
        let text = try String(contentsOf: file, encoding: .utf8)
        let (map, problems) = KeyMap.parse(text, over: KeyMap(), source: "keymap.conf")
        #expect(problems.isEmpty)
        #expect(map == KeyMap.defaults)
    }

    @Test func userFileLoadsOverDefaults() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keymap-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("keymap.conf")
        try "bind player l seek-forward\nbind player h oops\n".write(to: file, atomically: true, encoding: .utf8)
        let (map, problems) = KeyMap.load(userFile: file)
        #expect(map.action(for: .char("l"), in: .player) == .seekBy(5))
        #expect(problems.count == 1 && problems[0].line == 2 && problems[0].source == file.path)
        #expect(KeyMap.load(userFile: dir.appendingPathComponent("missing.conf")).map == .defaults)
        #expect(KeyMap.defaultUserFile(environment: ["HOME": "/home/u"]).path == "/home/u/.config/eventplayer/keymap.conf")
        #expect(KeyMap.defaultUserFile(environment: ["XDG_CONFIG_HOME": "/x"]).path == "/x/eventplayer/keymap.conf")
    }
}
