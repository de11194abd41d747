import AppCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Shows an export's progress: a bar redrawn in place on a terminal (one column short of its
/// width, so it never wraps), otherwise a plain line at most once a second (and for the last
/// piece), so logs and pipes stay readable.
final class ExportProgressPrinter: @unchecked Sendable {
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var lastLine: ContinuousClock.Instant?
    private var drewBar = false

    init(isTerminal: Bool = isatty(STDOUT_FILENO) == 1, write: @escaping @Sendable (String) -> Void = ExportProgressPrinter.standardOutput,
         now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.isTerminal = isTerminal
        self.write = write
        self.now = now
    }

    func show(_ progress: ExportProgress) {
        lock.withLock {
            if isTerminal {
                write("\r" + progress.bar(width: Self.columns() - 1) + (progress.isComplete ? "\n" : ""))
                drewBar = !progress.isComplete
            } else if progress.isComplete || lastLine.map({ now() - $0 >= .seconds(1) }) ?? true {
                lastLine = now()
                write(progress.line() + "\n")
            }
        }
    }

    /// Ends an unfinished bar's line before a message.
    func message(_ text: String) {
        lock.withLock {
            write((drewBar ? "\n" : "") + text + "\n")
            drewBar = false
        }
    }

    @Sendable static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func columns() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
