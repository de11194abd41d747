import Foundation
import SystemSupport

/// The terminal in curses mode, always restored: ``restore()`` (idempotent, also on deinit), and on a
/// crash or `exit()` through SystemSupport's `TerminalRescue` (raw reset sequences, saved tty modes;
/// the fatal-signal handler is installed by the program's `main`, see `Signals.installFatalHandler`).
/// SIGINT/SIGTERM/SIGHUP become ``UserAction/quit`` in ``UILoop``; SIGTSTP suspends.
///
/// ```swift
/// let terminal = try Terminal(options: .init())
/// defer { terminal.restore() }
/// ```
public final class Terminal {
    /// How to start the terminal.
    public struct Options: Sendable {
        /// Where stderr goes while the TUI runs so nothing (logs, libraries) reaches the screen;
        /// nil leaves stderr alone. Restored by ``Terminal/restore()``.
        public var stderrPath: String? = "/dev/null"
        /// xterm mouse reporting (clicks on the slider and rows, wheel).
        public var mouse = true
        /// Colours: nil = automatic (off when `NO_COLOR` is set and non-empty or the terminal has none).
        public var colors: Bool? = nil

        public init() {}
    }

    let screen: CursesScreen
    /// SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT, relayed for ``UILoop``.
    let signals: SelfPipe
    private var savedStderr: Int32 = -1
    private let stderrPath: String?
    private var isActive = true

    public init(options: Options = .init()) throws {
        guard isatty(0) == 1, isatty(1) == 1 else { throw TerminalError(.notATerminal) }
        setlocale(LC_ALL, "")
        setlocale(LC_NUMERIC, "C")   // libmpv requires it
        savedStderr = dup(2)
        Signals.installFatalHandler()
        SharedMemoryImage.removeLeftovers()
        TerminalRescue.arm(resetBytes: Self.resetSequence, stderrCopy: savedStderr)
        stderrPath = options.stderrPath
        Self.redirectStderr(to: stderrPath)
        let noColor = !(ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        do {
            screen = try CursesScreen(colors: options.colors ?? !noColor, mouse: options.mouse)
            signals = try Signals.relay(Self.relayedSignals)
        } catch {
            if savedStderr >= 0 { dup2(savedStderr, 2) }
            TerminalRescue.disarm()
            throw error
        }
    }

    /// Columns and rows of the terminal.
    public var size: (columns: Int, rows: Int) { screen.size }

    /// Leaves curses mode for good: signal handlers back to default, endwin (cursor, echo, mouse off,
    /// alternate screen left), stderr back. Safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        Signals.restoreDefault(Self.relayedSignals)
        screen.end()
        restoreStderr()
        TerminalRescue.disarm()
    }

    deinit {
        restore()
    }

    private static func redirectStderr(to stderrPath: String?) {
        guard let stderrPath else { return }
        let fd = open(stderrPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        if fd >= 0 {
            dup2(fd, 2)
            close(fd)
        }
    }

    private func restoreStderr() {
        if savedStderr >= 0 {
            dup2(savedStderr, 2)
        }
    }

    /// Ctrl-Z: hand the terminal to the shell, stop, and come back in curses mode after `fg`.
    func suspendUntilContinued() {
        screen.end()
        restoreStderr()
        Signals.stopUntilContinued()
        // Running again (SIGCONT). Continued by `bg`, the terminal modes set next (tcsetattr) stop
        // it with SIGTTOU until `fg`: the kernel keeps a background job off the terminal.
        Self.redirectStderr(to: stderrPath)
        screen.resume()
        applyWindowSize()
    }

    /// Whether this process's group owns the terminal, so it may draw (true when there is no
    /// terminal to ask). A job continued in the background (`bg`) draws nothing until `fg`.
    static var isForeground: Bool {
        let owner = tcgetpgrp(0)
        return owner < 0 || owner == getpgrp()
    }

    /// Reads the real window size (TIOCGWINSZ) and relayouts.
    func applyWindowSize() {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            screen.resize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        } else {
            screen.invalidate()
        }
    }
}

extension Terminal {
    /// Signals the UI loop handles (as bytes on ``signals``).
    static let relayedSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]

    /// What a crash writes to leave curses mode without curses: mouse reporting off, attributes
    /// reset, cursor shown, alternate screen left.
    static let resetSequence = Array("\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1003l\u{1b}[?1006l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l\r\n".utf8)
}
