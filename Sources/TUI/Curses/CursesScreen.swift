internal import CNcurses
import Foundation

/// The ncurses session: init/end, colours, mouse, resize, and the windows the views own.
final class CursesScreen {
    private(set) var palette = CursesPalette(depth: .mono)
    private var windows: [PaneSlot: (window: UnsafeMutablePointer<WINDOW>, rect: Rect, key: AnyHashable?)] = [:]
    private let mouse: Bool

    /// Starts curses on the controlling terminal (fd 0/1). Throws when the terminal type is unknown.
    init(colors: Bool, mouse: Bool) throws {
        self.mouse = mouse
        set_escdelay(25)
        guard let output = fdopen(dup(1), "w"), let input = fdopen(dup(0), "r") else {
            throw TerminalError(.notATerminal)
        }
        guard let screen = newterm(nil, output, input) else {
            throw TerminalError(.unknownTerminalType(ProcessInfo.processInfo.environment["TERM"] ?? ""))
        }
        _ = set_term(screen)
        cbreak()
        noecho()
        nonl()
        intrflush(cn_stdscr(), false)
        keypad(cn_stdscr(), true)
        nodelay(cn_stdscr(), true)
        curs_set(0)
        if colors, has_colors() {
            start_color()
            use_default_colors()
            palette = CursesPalette(depth: cn_colors() >= 256 ? .extended : cn_colors() >= 8 ? .basic : .mono)
        }
        enableMouse()
    }

    var size: (columns: Int, rows: Int) { (Int(cn_cols()), Int(cn_lines())) }

    private func enableMouse() {
        guard mouse else { return }
        mousemask(cn_button1_pressed() | cn_button1_clicked() | cn_button4_pressed() | cn_button5_pressed(), nil)
        mouseinterval(0)
    }

    /// Leaves curses mode: mouse off, cursor on, endwin (tty modes and the normal screen back).
    func end() {
        mousemask(0, nil)
        curs_set(1)
        endwin()
    }

    /// Back to curses mode after ``end()`` (Ctrl-Z then fg): everything is redrawn on the next present.
    func resume() {
        reset_prog_mode()
        curs_set(0)
        enableMouse()
        invalidate()
    }

    /// Applies a new terminal size (from TIOCGWINSZ) and forces a full redraw.
    func resize(columns: Int, rows: Int) {
        if columns > 0, rows > 0, columns != size.columns || rows != size.rows {
            resizeterm(Int32(rows), Int32(columns))
        }
        invalidate()
    }

    /// Forgets what is on screen so the next present redraws everything.
    func invalidate() {
        for slot in Array(windows.keys) { windows[slot]?.key = nil }
        clearok(cn_stdscr(), true)
        wnoutrefresh(cn_stdscr())
    }

    /// Draws the panes whose key changed (or all after a resize), stages them with wnoutrefresh
    /// and calls doupdate once. Returns the number of views redrawn.
    @discardableResult
    func present(_ panes: [Pane]) -> Int {
        let slots = Set(panes.map(\.slot))
        if !Set(windows.keys).subtracting(slots).isEmpty {   // a view went away (overlay closed, screen changed)
            for slot in Array(windows.keys) where !slots.contains(slot) {
                delwin(windows[slot]!.window)
                windows[slot] = nil
            }
            for slot in Array(windows.keys) { windows[slot]?.key = nil }
        }
        var staged = 0
        for pane in panes {
            var entry = windows[pane.slot]
            if entry == nil || entry!.rect != pane.rect {
                if let old = entry?.window { delwin(old) }
                guard !pane.rect.isEmpty, let window = newwin(Int32(pane.rect.height), Int32(pane.rect.width),
                                                              Int32(pane.rect.y), Int32(pane.rect.x)) else { continue }
                entry = (window, pane.rect, nil)
            }
            guard var current = entry else { continue }
            let key = pane.key
            let overlayNeedsRestage = pane.slot == .overlay && staged > 0
            if current.key != key || overlayNeedsRestage {
                if current.key != key {
                    pane.view.draw(on: CursesCanvas(window: current.window, palette: palette))
                    current.key = key
                } else {
                    touchwin(current.window)
                }
                wnoutrefresh(current.window)
                staged += 1
            }
            windows[pane.slot] = current
        }
        if staged > 0 { doupdate() }
        return staged
    }

    /// Size of a slot's window (the video pane, for terminal video later).
    func rect(of slot: PaneSlot) -> Rect? { windows[slot]?.rect }
}
