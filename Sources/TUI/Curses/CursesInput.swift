internal import CNcurses

extension CursesScreen {
    /// Gives ncurses back bytes read past it (keys typed while the graphics probe read the
    /// terminal itself): the next ``readInput(limit:)`` reads them first, in order.
    func pushBack(_ bytes: [UInt8]) {
        for byte in bytes.reversed() { ungetch(Int32(byte)) }
    }

    /// Reads everything ncurses has buffered (stdin is non-blocking) as input events. An ESC
    /// that arrives with another key is Alt plus that key (terminals send Alt+x as `ESC x`).
    func readInput(limit: Int = 512) -> [InputEvent] {
        var events: [InputEvent] = []
        var ch: wint_t = 0
        while events.count < limit {
            let rc = wget_wch(input, &ch)
            if rc == ERR { break }
            if rc == KEY_CODE_YES {
                if let event = special(Int32(ch)) { events.append(event) }
            } else if let key = Self.key(character: UInt32(ch)) {
                events.append(.key(key))
            }
        }
        return Self.joiningAlt(events)
    }

    /// `ESC` followed by a key in one read is Alt plus that key.
    static func joiningAlt(_ events: [InputEvent]) -> [InputEvent] {
        var joined: [InputEvent] = []
        var index = 0
        while index < events.count {
            if case .key(.special(.escape)) = events[index], index + 1 < events.count, case .key(let next) = events[index + 1] {
                switch next {
                case .special(.escape), .alt: break
                default:
                    joined.append(.key(.alt(next)))
                    index += 2
                    continue
                }
            }
            joined.append(events[index])
            index += 1
        }
        return joined
    }

    private func special(_ code: Int32) -> InputEvent? {
        if let arrow = altArrows[code] { return .key(.alt(.special(arrow))) }
        switch code {
        case KEY_RESIZE: return .resize
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            let state = event.bstate
            let button: MouseButton? =
                state & (cn_button1_pressed() | cn_button1_clicked()) != 0 ? .left
                : state & cn_button4_pressed() != 0 ? .wheelUp
                : state & cn_button5_pressed() != 0 ? .wheelDown : nil
            return button.map { .mouse(column: Int(event.x), row: Int(event.y), button: $0) }
        default:
            return Self.specialKeys[code].map { .key(.special($0)) }
        }
    }

    private static let specialKeys: [Int32: Key.SpecialKey] = {
        var map: [Int32: Key.SpecialKey] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_HOME: .home, KEY_END: .end,
            KEY_ENTER: .enter, KEY_BTAB: .backTab, KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_IC: .insert,
        ]
        let functionKeys: [Key.SpecialKey] = [.f1, .f2, .f3, .f4, .f5, .f6, .f7, .f8, .f9, .f10, .f11, .f12]
        for (index, key) in functionKeys.enumerated() { map[cn_key_f(Int32(index + 1))] = key }
        return map
    }()

    /// Home and End as the terminals send them, whatever terminfo says: tmux and screen send
    /// `ESC[1~`/`ESC[4~` even when TERM says xterm (`ESCOH`/`ESCOF`), rxvt `ESC[7~`/`ESC[8~`.
    /// Sequences terminfo already binds (or that would clash with a longer binding) are left alone.
    static func defineAlternateKeys() {
        let sequences: [(String, Int32)] = [
            ("\u{1b}[1~", KEY_HOME), ("\u{1b}[7~", KEY_HOME), ("\u{1b}OH", KEY_HOME), ("\u{1b}[H", KEY_HOME),
            ("\u{1b}[4~", KEY_END), ("\u{1b}[8~", KEY_END), ("\u{1b}OF", KEY_END), ("\u{1b}[F", KEY_END),
        ]
        for (sequence, code) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Alt+arrows as xterm, tmux and most terminals send them (`CSI 1;3 A…D`): the code ncurses
    /// has for each from terminfo (`kUP3` …), else one defined here.
    static func defineAltArrows() -> [Int32: Key.SpecialKey] {
        var codes: [Int32: Key.SpecialKey] = [:]
        let sequences: [(String, Key.SpecialKey)] = [("\u{1b}[1;3A", .up), ("\u{1b}[1;3B", .down), ("\u{1b}[1;3C", .right), ("\u{1b}[1;3D", .left)]
        for (index, (sequence, key)) in sequences.enumerated() {
            var code = key_defined(sequence)
            if code <= 0 {
                code = KEY_MAX + 64 + Int32(index)
                guard define_key(sequence, code) == OK else { continue }
            }
            codes[code] = key
        }
        return codes
    }

    /// A wide character from wget_wch as a key.
    static func key(character code: UInt32) -> Key? {
        switch code {
        case 9: return .special(.tab)
        case 10, 13: return .special(.enter)
        case 27: return .special(.escape)
        case 8, 127: return .special(.backspace)
        case 32: return .special(.space)
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(96 + code))))
        default:
            guard code >= 32, let scalar = Unicode.Scalar(code) else { return nil }
            return .char(Character(scalar))
        }
    }
}
