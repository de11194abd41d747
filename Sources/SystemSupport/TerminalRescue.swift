import Glibc
import Synchronization

/// What a crash (fatal signal) or `exit()` must undo while the terminal is in full-screen mode:
/// write reset sequences to stdout, put stdin's saved tty modes back, point stderr at the terminal
/// again. The terminal owner arms it with its own sequences before changing the terminal and
/// disarms it after its normal restore; the fatal handler and an `atexit` hook call
/// ``restoreNow()`` (async-signal-safe, at most once per arming).
///
/// ```swift
/// TerminalRescue.arm(resetBytes: Array("\u{1b}[?1049l\u{1b}[?25h".utf8), stderrCopy: dup(2))
/// // … curses …
/// restoreNormally(); TerminalRescue.disarm()
/// ```
public enum TerminalRescue {
    private struct Header {
        var modes: termios
        var haveTermios: Bool
        var stderrCopy: Int32
        var byteCount: Int
    }

    /// A `Header` followed by the reset bytes; nil when disarmed.
    private static let armed = PublishedBlock()
    private static let atExitRegistered = Mutex(false)

    /// Saves stdin's tty modes now and arms the rescue; `stderrCopy` (if ≥ 0) is dup2'ed onto fd 2.
    public static func arm(resetBytes: [UInt8], stderrCopy: Int32) {
        var header = Header(modes: termios(), haveTermios: false, stderrCopy: stderrCopy, byteCount: resetBytes.count)
        header.haveTermios = tcgetattr(0, &header.modes) == 0
        let bytes = withUnsafeBytes(of: header) { Array($0) } + resetBytes
        armed.publish(bytes)
        atExitRegistered.withLock { registered in
            if !registered { atexit { TerminalRescue.restoreNow() } }
            registered = true
        }
    }

    /// The terminal was restored the normal way: nothing left to rescue.
    public static func disarm() {
        armed.publish(nil)
    }

    /// Restores the terminal if armed, and disarms (async-signal-safe).
    public static func restoreNow() {
        guard let block = armed.take() else { return }
        let header = block.loadUnaligned(as: Header.self)
        if header.byteCount > 0 { _ = write(1, block + MemoryLayout<Header>.size, header.byteCount) }
        if header.haveTermios {
            var modes = header.modes
            _ = tcsetattr(0, TCSANOW, &modes)
        }
        if header.stderrCopy >= 0 { _ = dup2(header.stderrCopy, 2) }
    }
}

extension TerminalRescue {
    /// Initialises the statics before a signal handler may read them.
    static func touch() {
        _ = armed.current()
    }
}
