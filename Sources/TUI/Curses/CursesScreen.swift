internal import CNcurses
import Foundation

/// The ncurses session: init/end, colours, mouse, resize, and the windows the views own.
final class CursesScreen {
    private(set) var palette = CursesPalette(depth: .mono)
    private var windows: [PaneSlot: (window: UnsafeMutablePointer<WINDOW>, rect: Rect)] = [:]
    private var tracker = DirtyTracker()
    private let mouse: Bool
    /// Where keys are read. A 1x1 pad, never shown: `wgetch` on a window refreshes that window first
    /// when it was touched, and stdscr (blank, touched since `newterm`) would paint over every view.
    let input: UnsafeMutablePointer<WINDOW>
    /// ncurses' key codes for Alt+arrows (xterm's `CSI 1;3 A…D`).
    private(set) var altArrows: [Int32: Key.SpecialKey] = [:]
    /// Where the last ``present(_:)`` wrote (terminal video repaints the pane when it overlaps).
    private(set) var stagedRects: [Rect] = []
    /// The descriptor ncurses reads keys from (a dup of fd 0).
    private(set) var inputDescriptor: Int32 = -1
    /// What each pane's rows said when last drawn (to keep pictures in place, ``present(_:besidePictures:)``).
    private var rowMemory = PaneRowMemory()

    /// Starts curses on the controlling terminal (fd 0/1). Throws when the terminal type is unknown.
    init(colors: Bool, mouse: Bool) throws {
        self.mouse = mouse
        set_escdelay(25)
        guard let output = fdopen(dup(1), "w"), let input = fdopen(dup(0), "r") else {
            throw TerminalError(.notATerminal)
        }
        inputDescriptor = fileno(input)
        guard let screen = newterm(nil, output, input) else {
            throw TerminalError(.unknownTerminalType(ProcessInfo.processInfo.environment["TERM"] ?? ""))
        }
        _ = set_term(screen)
        cbreak()
        noecho()
        nonl()
        guard let input = newpad(1, 1) else { throw TerminalError(.system("newpad", errno)) }
        self.input = input
        intrflush(input, false)
        keypad(input, true)
        nodelay(input, true)
        Self.defineAlternateKeys()
        altArrows = Self.defineAltArrows()
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
        tracker.invalidate()
        clearok(cn_stdscr(), true)
        wnoutrefresh(cn_stdscr())
    }

    /// Draws the panes the ``DirtyTracker`` marks, stages them with wnoutrefresh and calls doupdate
    /// once. Returns the number of views redrawn. With `besidePictures` (terminal video, a still
    /// or montage tiles on screen), a pane whose rows moved is written out row by row rather than
    /// scrolled (``PaneRowMemory``): the terminal would scroll the picture with it.
    @discardableResult
    func present(_ panes: [Pane], besidePictures: Bool = false) -> Int {
        let slots = Set(panes.map(\.slot))
        for slot in Array(windows.keys) where !slots.contains(slot) {
            delwin(windows[slot]!.window)
            windows[slot] = nil
        }
        for pane in panes where windows[pane.slot]?.rect != pane.rect {
            if let old = windows[pane.slot]?.window { delwin(old) }
            windows[pane.slot] = nil
            rowMemory.forget(pane.slot)
            tracker.invalidate()
            guard !pane.rect.isEmpty, let window = newwin(Int32(pane.rect.height), Int32(pane.rect.width),
                                                          Int32(pane.rect.y), Int32(pane.rect.x)) else { continue }
            windows[pane.slot] = (window, pane.rect)
        }
        var drawn = 0
        var staged = false
        stagedRects.removeAll(keepingCapacity: true)
        for (pane, work) in zip(panes, tracker.plan(panes)) {
            guard let window = windows[pane.slot]?.window, work != .skip else { continue }
            if work == .draw {
                pane.view.draw(on: CursesCanvas(window: window, palette: palette))
                drawn += 1
                // An overlay may cover terminal video, whose cells ncurses never wrote: it still
                // thinks they are blank and would skip the overlay's blanks there. Write every cell.
                if pane.slot == .overlay {
                    wredrawln(window, 0, Int32(pane.rect.height))
                } else if rowMemory.record(Self.rows(of: window, rect: pane.rect), in: pane.slot), besidePictures {
                    // ncurses forgets what it believes is there (so no line matches another: no scroll).
                    wredrawln(window, 0, Int32(pane.rect.height))
                }
            } else {
                touchwin(window)
            }
            wnoutrefresh(window)
            staged = true
            stagedRects.append(pane.rect)
        }
        if staged { doupdate() }
        return drawn
    }

    /// The characters of each row of `window` (attributes aside).
    private static func rows(of window: UnsafeMutablePointer<WINDOW>, rect: Rect) -> [[UInt32]] {
        var buffer = [wchar_t](repeating: 0, count: rect.width + 1)
        return (0..<rect.height).map { row in
            let count = mvwinnwstr(window, Int32(row), 0, &buffer, Int32(rect.width))
            return count > 0 ? buffer.prefix(Int(count)).map { UInt32(bitPattern: $0) } : []
        }
    }

    /// Size of a slot's window (the video pane, for terminal video later).
    func rect(of slot: PaneSlot) -> Rect? { windows[slot]?.rect }
}
