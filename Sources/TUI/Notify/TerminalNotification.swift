import SystemSupport

/// One notification for the person at the terminal: a new alert while the list follows the
/// server. Plain text as the model composed it; ``TerminalNotification`` makes it safe.
public struct TerminalNotice: Sendable, Equatable {
    /// Short: the camera and what was seen.
    public var title: String
    /// The rest: when.
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}

/// How a notification reaches the desktop through the terminal.
public enum NotificationMethod: String, Sendable, Equatable, CaseIterable {
    /// `ESC ] 9 ; text ST` (iTerm2's; WezTerm, ghostty, kitty take it too).
    case osc9
    /// `ESC ] 777 ; notify ; title ; body ST` (urxvt's; foot, WezTerm, ghostty take it too).
    case osc777
    /// BEL: the terminal's bell (tmux forwards it; many terminals mark the tab or notify).
    case bell
}

/// The bytes of a notification: pure. Server text (a camera's name, a title) is cut to a few
/// words and carries no control character at all: C0 (ESC, BEL, CR, LF), DEL, C1 (ST 0x9C) and
/// the bidirectional marks become spaces, runs of spaces one space, and `;` (the field separator
/// of OSC 777, and of OSC 9's sub-commands in some terminals) a comma. Inside tmux the sequence
/// goes through its passthrough: `ESC P tmux ; <sequence, every ESC doubled> ESC \`.
///
/// ```swift
/// let notice = TerminalNotice(title: "Front Door: person", body: "12:03:09")
/// TerminalNotification.bytes(notice, method: .osc9, throughTmux: false)
/// // ESC ] 9 ; Front Door: person · 12:03:09 ESC \
/// ```
public enum TerminalNotification {
    /// Characters of a title at most (a longer one is cut with "…").
    public static let titleLimit = 60
    /// Characters of a body at most.
    public static let bodyLimit = 120

    public static func bytes(_ notice: TerminalNotice, method: NotificationMethod, throughTmux: Bool) -> [UInt8] {
        let title = clean(notice.title, limit: titleLimit)
        let body = clean(notice.body, limit: bodyLimit)
        let sequence: String
        switch method {
        case .bell:
            return [0x07]   // tmux forwards a bell as it is
        case .osc9:
            sequence = "\u{1B}]9;" + [title, body].filter { !$0.isEmpty }.joined(separator: " · ") + "\u{1B}\\"
        case .osc777:
            sequence = "\u{1B}]777;notify;\(title);\(body)\u{1B}\\"
        }
        let bytes = Array(sequence.utf8)
        return throughTmux ? tmuxWrapped(bytes) : bytes
    }

    /// `text` as one short, inert field: no control character, no `;`, single spaces, at most
    /// `limit` characters.
    static func clean(_ text: String, limit: Int) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = true   // no leading space
        for scalar in text.unicodeScalars {
            let replaced: Unicode.Scalar = TerminalText.isControl(scalar) || scalar.properties.isWhitespace ? " "
                : scalar == ";" ? "," : scalar
            if replaced == " " {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            out.append(replaced)
        }
        var cleaned = String(out)
        while cleaned.hasSuffix(" ") { cleaned.removeLast() }
        guard cleaned.count > limit else { return cleaned }
        return String(cleaned.prefix(limit - 1)).trimmingSuffixSpaces() + "…"
    }

    /// tmux's passthrough (`allow-passthrough on`): the sequence in a DCS for tmux, every ESC
    /// in it doubled.
    static func tmuxWrapped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
        for byte in bytes {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        return out + [0x1B, 0x5C]
    }
}

private extension String {
    func trimmingSuffixSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
