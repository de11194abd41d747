import Glibc
import Synchronization

/// Writes to standard output and standard error with the outcomes a command-line tool owes its
/// reader: a broken pipe (`eventplayer events | head -1`) ends the process quietly with status
/// 141 (128 + SIGPIPE, what a shell shows for a pipe writer killed by SIGPIPE; `events --follow`:
/// 0, ``endBrokenPipe(withStatus:)``); any other failure
/// (a full disk, a closed stdout) is one error line on stderr and status 1. Before ending, the
/// private files registered with ``CrashCleanup`` are removed. Writes are whole (`write(2)`
/// repeated), unbuffered, and serialised so lines from several threads never interleave.
///
/// ```swift
/// StandardStreams.prepare()                // first thing in main
/// StandardStreams.line("saved clip.ts")     // stdout
/// StandardStreams.errorLine("eventplayer: error: …")
/// ```
public enum StandardStreams {
    private static let lock = Mutex<Void>(())
    /// Whether stdout was closed when the process started (it is /dev/null now: see ``prepare()``).
    private static let outputWasClosed = Atomic<Bool>(false)
    /// The status a broken pipe ends the process with (``endBrokenPipe(withStatus:)``).
    private static let brokenPipeStatus = Atomic<Int32>(128 + SIGPIPE)

    /// A broken pipe ends the process with `status` instead of 141: `events --follow`, a
    /// reader that stops reading (`| head -3`) being its normal end, ends with 0.
    public static func endBrokenPipe(withStatus status: Int32) {
        brokenPipeStatus.store(status, ordering: .relaxed)
    }

    /// Ignores SIGPIPE (a broken pipe is then an `EPIPE` this type handles), and opens /dev/null
    /// on standard input, output and error where they are closed at start, so no file opened
    /// later (an export's `.part`, the log) takes their numbers and receives what is meant for the
    /// terminal. Output to a stdout that was closed then fails like a write to a closed descriptor
    /// (one error line, status 1). Call first thing in `main`.
    public static func prepare() {
        _ = signal(SIGPIPE, SIG_IGN)
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0, opened != fd {
                _ = dup2(opened, fd)
                _ = close(opened)
            }
            if fd == STDOUT_FILENO { outputWasClosed.store(true, ordering: .relaxed) }
        }
    }

    /// Writes `text` and a newline to standard output.
    @Sendable public static func line(_ text: String) {
        write(text + "\n")
    }

    /// Writes `text` to standard output.
    @Sendable public static func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes `bytes` to standard output (the stream of `export -o -`).
    public static func write(_ bytes: [UInt8]) {
        if outputWasClosed.load(ordering: .relaxed) { fail(writing: EBADF) }
        let code = lock.withLock { _ in writeAll(bytes, to: STDOUT_FILENO) }
        if let code { fail(writing: code) }
    }

    /// Writes `text` and a newline to standard error; a failure there is ignored (there is
    /// nowhere left to report it).
    @Sendable public static func errorLine(_ text: String) {
        error(text + "\n")
    }

    /// Writes `text` to standard error (a prompt); a failure is ignored.
    public static func error(_ text: String) {
        _ = lock.withLock { _ in writeAll(Array(text.utf8), to: STDERR_FILENO) }
    }

    /// Ends the process after stdout failed with `code`.
    private static func fail(writing code: Int32) -> Never {
        if code != EPIPE {
            errorLine("eventplayer: error: cannot write to standard output: \(String(cString: strerror(code)))")
        }
        CrashCleanup.removeAllFromSignalHandler()
        _exit(code == EPIPE ? brokenPipeStatus.load(ordering: .relaxed) : 1)
    }

    /// Writes all of `bytes`; nil, or the `errno` of the failure.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
