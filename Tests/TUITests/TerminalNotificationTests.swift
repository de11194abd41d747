import Foundation
import Testing
@testable import TUI

/// The bytes of a notification (OSC 9, OSC 777, BEL, tmux's passthrough) with hostile server
/// text made inert, and the choice of method by terminal, tmux and config.
@Suite("Terminal notifications")
struct TerminalNotificationTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    let notice = TerminalNotice(title: "Front Door: person", body: "alert at 12:03:09")

    @Test func osc9CarriesOneTextEndedBySt() {
        let bytes = TerminalNotification.bytes(notice, method: .osc9, throughTmux: false)
        #expect(Self.text(bytes) == "\u{1B}]9;Front Door: person · alert at 12:03:09\u{1B}\\")
    }

    @Test func osc777CarriesTitleAndBody() {
        let bytes = TerminalNotification.bytes(notice, method: .osc777, throughTmux: false)
        #expect(Self.text(bytes) == "\u{1B}]777;notify;Front Door: person;alert at 12:03:09\u{1B}\\")
    }

    @Test func theBellIsOneByteAndNeverWrapped() {
        #expect(TerminalNotification.bytes(notice, method: .bell, throughTmux: false) == [0x07])
        #expect(TerminalNotification.bytes(notice, method: .bell, throughTmux: true) == [0x07])
    }

    @Test func tmuxPassthroughWrapsWithEveryEscDoubled() {
        let bytes = TerminalNotification.bytes(notice, method: .osc9, throughTmux: true)
        #expect(Self.text(bytes) == "\u{1B}Ptmux;\u{1B}\u{1B}]9;Front Door: person · alert at 12:03:09\u{1B}\u{1B}\\\u{1B}\\")
        let inner = bytes.dropFirst(7).dropLast(2)
        #expect(inner.filter { $0 == 0x1B }.count == 4, "two ESCs of the sequence, each doubled")
    }

    @Test("hostile text: no control character, no `;`, one line", arguments: [NotificationMethod.osc9, .osc777])
    func hostileTextIsInert(method: NotificationMethod) throws {
        let hostile = TerminalNotice(title: "Gar\u{1B}]0;pwned\u{07}age\u{1B}\\; rm\r\nx\u{9C}y\u{9B}2J\u{202E}z\u{7F}",
                                     body: "a;b\u{1B}[31m\tc\u{0}")
        let bytes = TerminalNotification.bytes(hostile, method: method, throughTmux: false)
        let text = Self.text(bytes)
        let prefix = method == .osc9 ? "\u{1B}]9;" : "\u{1B}]777;notify;"
        #expect(text.hasPrefix(prefix) && text.hasSuffix("\u{1B}\\"))
        let payload = String(text.dropFirst(prefix.count).dropLast(2))
        #expect(!payload.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E },
                "\(payload.debugDescription)")
        let fields = method == .osc777 ? 2 : 1
        #expect(payload.split(separator: ";", omittingEmptySubsequences: false).count == fields, "\(payload)")
        #expect(payload.contains("Gar ]0,pwned age") && payload.contains("a,b [31m c"), "\(payload.debugDescription)")
        #expect(bytes.filter { $0 == 0x1B }.count == 2, "only the sequence's own ESCs")
        #expect(!bytes.contains(0x07))
    }

    @Test func longTextIsCutAndNonAsciiKeptWhole() {
        let long = TerminalNotice(title: String(repeating: "Caméra 🚪 ", count: 40), body: String(repeating: "ü", count: 500))
        let bytes = TerminalNotification.bytes(long, method: .osc777, throughTmux: false)
        let text = Self.text(bytes)
        let fields = text.dropFirst("\u{1B}]777;notify;".count).dropLast(2).split(separator: ";")
        #expect(fields.count == 2)
        #expect(fields[0].count == TerminalNotification.titleLimit && fields[0].hasSuffix("…"))
        #expect(fields[1].count == TerminalNotification.bodyLimit && fields[1].hasSuffix("…"))
        #expect(bytes.count < 800)
        #expect(!text.contains("\u{FFFD}"), "cut on characters, not bytes")
        #expect(text.contains("Caméra 🚪"))
    }

    // MARK: the method

    static func choose(_ environment: [String: String], preferred: NotificationMethod? = nil, name: String? = nil,
                       passthrough: Bool = false) -> NotificationDelivery {
        NotificationDelivery.choose(preferred: preferred, environment: environment, terminalName: name, tmuxPassthrough: passthrough)
    }

    @Test func terminalsThatShowNotificationsGetTheirSequence() {
        #expect(Self.choose(["TERM_PROGRAM": "iTerm.app", "TERM": "xterm-256color"]) == .init(method: .osc9))
        #expect(Self.choose(["TERM_PROGRAM": "WezTerm"]) == .init(method: .osc9))
        #expect(Self.choose(["TERM": "xterm-ghostty"]) == .init(method: .osc9))
        #expect(Self.choose(["TERM": "xterm-kitty"]) == .init(method: .osc9))
        #expect(Self.choose(["TERM": "foot"]) == .init(method: .osc777))
        #expect(Self.choose(["TERM": "xterm-256color"], name: "WezTerm 20240203") == .init(method: .osc9), "XTVERSION from the probe")
        #expect(Self.choose(["TERM": "xterm-256color"], name: "foot(1.16.2)") == .init(method: .osc777))
    }

    @Test func anyOtherTerminalRingsTheBell() {
        #expect(Self.choose(["TERM": "xterm-256color"]) == .init(method: .bell))
        #expect(Self.choose(["TERM": "linux"]) == .init(method: .bell))
        #expect(Self.choose([:], name: "XTerm(390)") == .init(method: .bell))
    }

    @Test func theConfigDecidesOverTheTerminal() {
        #expect(Self.choose(["TERM_PROGRAM": "iTerm.app"], preferred: .osc777) == .init(method: .osc777))
        #expect(Self.choose(["TERM": "xterm-256color"], preferred: .osc9) == .init(method: .osc9))
        #expect(Self.choose(["TERM": "foot"], preferred: .bell) == .init(method: .bell))
    }

    @Test func insideTmuxThroughItsPassthroughWhenOnElseTheBell() {
        let tmux = ["TMUX": "/tmp/tmux-1000/default,123,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "1"]
        #expect(Self.choose(tmux, passthrough: true) == .init(method: .osc9, throughTmux: true), "the outer kitty, by its variable")
        #expect(Self.choose(tmux, passthrough: false) == .init(method: .bell))
        #expect(Self.choose(tmux, preferred: .osc777, passthrough: true) == .init(method: .osc777, throughTmux: true))
        #expect(Self.choose(["TMUX": "/tmp/x,1,0", "TERM": "screen"], passthrough: true) == .init(method: .bell), "unknown outer terminal")
        #expect(Self.choose(tmux, preferred: .bell, passthrough: true) == .init(method: .bell))
    }
}
