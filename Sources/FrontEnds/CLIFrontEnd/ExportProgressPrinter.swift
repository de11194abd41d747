import AppCore
import Foundation
import Synchronization
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// Shows an export's progress: a bar redrawn in place on a terminal (one column short of its
/// width, so it never wraps), otherwise a plain line at most once a second (and for the last
/// piece), so logs and pipes stay readable.
final class ExportProgressPrinter: Sendable {
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    /// When the last plain line went out, and whether a bar is on the screen unfinished.
    private let state = Mutex<(lastLine: ContinuousClock.Instant?, drewBar: Bool)>((nil, false))

    /// Where the bar's width is read from (stdout, or stderr when the video goes to stdout).
    private let descriptor: Int32

    init(isTerminal: Bool = isatty(STDOUT_FILENO) == 1, write: @escaping @Sendable (String) -> Void = ExportProgressPrinter.standardOutput,
         descriptor: Int32 = STDOUT_FILENO, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.isTerminal = isTerminal
        self.descriptor = descriptor
        self.write = write
        self.now = now
    }

    func show(_ progress: ExportProgress) {
        state.withLock { state in
            if isTerminal {
                write("\r" + progress.bar(width: Self.columns(descriptor) - 1) + (progress.isComplete ? "\n" : ""))
                state.drewBar = !progress.isComplete
            } else if progress.isComplete || state.lastLine.map({ now() - $0 >= .seconds(1) }) ?? true {
                state.lastLine = now()
                write(progress.line() + "\n")
            }
        }
    }

    /// Ends an unfinished bar's line before a message. Messages carry server text (ids, camera
    /// names, errors): redacted, control characters escaped.
    func message(_ text: String) {
        state.withLock { state in
            write((state.drewBar ? "\n" : "") + UserFacing.shown(text) + "\n")
            state.drewBar = false
        }
    }

    @Sendable static func standardOutput(_ text: String) {
        StandardStreams.write(text)
    }

    /// For `-o -`: everything but the video goes to standard error.
    static func standardError() -> ExportProgressPrinter {
        ExportProgressPrinter(isTerminal: isatty(STDERR_FILENO) == 1, write: { StandardStreams.error($0) }, descriptor: STDERR_FILENO)
    }

    static func columns(_ descriptor: Int32 = STDOUT_FILENO) -> Int {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
