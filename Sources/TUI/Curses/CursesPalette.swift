internal import CNcurses

/// Maps ``TextStyle`` to ncurses attributes and colour pairs for the terminal's colour depth.
struct CursesPalette {
    enum Depth { case mono, basic, extended }

    let depth: Depth
    private var entries: [TextStyle: (attr: attr_t, pair: Int16)] = [:]

    /// Call after `start_color()` (unless mono).
    init(depth: Depth) {
        self.depth = depth
        let bold = attr_t(cn_a_bold()), reverse = attr_t(cn_a_reverse()), dim = attr_t(cn_a_dim())
        let underline = attr_t(cn_a_underline())
        for style in TextStyle.allCases {
            let pair = Int16(style.rawValue + 1)
            switch depth {
            case .mono:
                let attr: attr_t = switch style {
                case .header, .selected, .status, .statusState, .statusHint, .statusError, .fieldFocused, .paneTitleFocused, .overlayTitle, .badge: reverse
                case .selectedUnfocused, .heading, .overlayHeading, .paneTitle, .error, .live, .knob, .played: bold
                case .dim, .remaining, .divider: dim
                case .field: underline
                default: 0
                }
                entries[style] = ((style == .statusState || style == .statusError) ? attr | bold : attr, 0)
            case .basic, .extended:
                let (fg, bg, attr) = Self.colors(style, extended: depth == .extended)
                init_pair(pair, fg, bg)
                entries[style] = (attr == "b" ? bold : attr == "r" ? reverse : attr == "u" ? underline : 0, pair)
            }
        }
    }

    func attributes(_ style: TextStyle) -> (attr: attr_t, pair: Int16) {
        entries[style] ?? (0, 0)
    }

    /// (foreground, background, "b"old/"r"everse/"u"nderline/"") per style; -1 is the terminal's default.
    private static func colors(_ style: TextStyle, extended x: Bool) -> (Int16, Int16, String) {
        let white: Int16 = x ? 255 : 7, black: Int16 = x ? 16 : 0
        let blue: Int16 = x ? 24 : 4, cyan: Int16 = x ? 75 : 6, grey: Int16 = x ? 244 : 7
        let bar: Int16 = x ? 236 : 4, yellow: Int16 = x ? 222 : 3, red: Int16 = x ? 203 : 1
        switch style {
        case .normal, .message, .overlay: return (-1, -1, "")
        case .dim, .remaining: return (grey, -1, "")
        case .header: return (white, blue, "")
        case .badge: return (black, yellow, "b")
        case .heading: return (grey, -1, "u")
        case .selected: return (white, x ? 31 : 6, "b")
        case .selectedUnfocused: return (-1, x ? 238 : 7, "")
        case .live: return (x ? 196 : 1, -1, "b")
        case .paneTitle: return (cyan, -1, "")
        case .paneTitleFocused: return (cyan, -1, "b")
        case .divider: return (grey, -1, "")
        case .played, .knob: return (cyan, -1, "b")
        case .buffered: return (x ? 250 : 7, -1, "")
        case .time: return (-1, -1, "")
        case .status: return (x ? 252 : 7, bar, "")
        case .statusState: return (white, bar, "b")
        case .statusHint: return (x ? 246 : 7, bar, "")
        case .statusError: return (x ? 210 : 1, bar, "b")
        case .error: return (red, -1, "b")
        case .prompt: return (yellow, -1, "")
        case .overlayTitle: return (yellow, -1, "b")
        case .overlayHeading: return (cyan, -1, "b")
        case .field: return (-1, x ? 237 : -1, x ? "" : "u")
        case .fieldFocused: return (white, x ? 24 : 4, "")
        }
    }
}
