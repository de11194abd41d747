#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Global state the signal handlers read; written only before the handlers are installed.
nonisolated(unsafe) private var relayWriteFD: Int32 = -1
nonisolated(unsafe) private var resetBytes: UnsafeMutablePointer<UInt8>?
nonisolated(unsafe) private var resetCount = 0
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var haveSavedTermios = false
nonisolated(unsafe) private var originalStderr: Int32 = -1
nonisolated(unsafe) private var emergencyArmed = false
/// The actions installed before ours (indexed by signal number), so a crash still reaches the
/// Swift runtime's backtracer (or the default action) after the terminal is restored.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()

private func relayHandler(_ signal: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(relayWriteFD, &byte, 1)
    errno = savedErrno
}

/// Async-signal-safe terminal reset: raw reset sequences, saved tty modes, stderr back.
private func emergencyRestore() {
    guard emergencyArmed else { return }
    emergencyArmed = false
    if let resetBytes { _ = write(1, resetBytes, resetCount) }
    if haveSavedTermios { _ = tcsetattr(0, TCSANOW, &savedTermios) }
    if originalStderr >= 0 { _ = dup2(originalStderr, 2) }
}

private func fatalHandler(_ signal: Int32) {
    emergencyRestore()
    // Hand the signal to what was there before (Swift's backtracer or the default action); it is
    // blocked until we return, then delivered again.
    if signal > 0, signal < 65 { _ = sigaction(signal, previousActions + Int(signal), nil) }
    raise(signal)
}

private func atExitHandler() {
    emergencyRestore()
}

/// Signals as bytes on a self-pipe (SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT) and the
/// crash path (SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE: restore the terminal, re-raise).
enum SignalRelay {
    static let relayed: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE]
    private nonisolated(unsafe) static var readFD: Int32 = -1
    private nonisolated(unsafe) static var atExitRegistered = false
    private nonisolated(unsafe) static var fatalInstalled = false

    /// Saves the tty modes and stderr for the crash path; call before curses starts.
    static func prepareEmergencyRestore(stderrCopy: Int32) {
        haveSavedTermios = tcgetattr(0, &savedTermios) == 0
        originalStderr = stderrCopy
        let sequence = Array("\u{1b}[?1000l\u{1b}[?1002l\u{1b}[?1003l\u{1b}[?1006l\u{1b}[0m\u{1b}[?25h\u{1b}[?1049l\r\n".utf8)
        if resetBytes == nil {
            resetBytes = .allocate(capacity: sequence.count)
            resetBytes!.initialize(from: sequence, count: sequence.count)
            resetCount = sequence.count
        }
        emergencyArmed = true
        if !atExitRegistered {
            atExitRegistered = true
            atexit(atExitHandler)
        }
    }

    /// The normal restore happened; the crash path has nothing left to do.
    static func disarmEmergencyRestore() {
        emergencyArmed = false
    }

    /// Installs the handlers; returns the pipe's read end (non-blocking).
    static func install() throws -> Int32 {
        if readFD < 0 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw TerminalError(.system("pipe", errno)) }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            readFD = fds[0]
            relayWriteFD = fds[1]
        }
        for signal in relayed { setHandler(signal, relayHandler, flags: Int32(truncatingIfNeeded: SA_RESTART)) }
        for signal in fatal {
            if !fatalInstalled { _ = sigaction(signal, nil, previousActions + Int(signal)) }
            setHandler(signal, fatalHandler, flags: Int32(truncatingIfNeeded: SA_RESETHAND))
        }
        fatalInstalled = true
        return readFD
    }

    /// Puts every handled signal back to its default action.
    static func uninstall() {
        for sig in relayed { _ = signal(sig, SIG_DFL) }
        for sig in fatal where fatalInstalled { _ = sigaction(sig, previousActions + Int(sig), nil) }
        fatalInstalled = false
    }

    /// The signals received since the last call, in order.
    static func drain() -> [Int32] {
        var out: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n].map { Int32($0) })
        }
        return out
    }

    /// Stops the process like the default SIGTSTP would, returning after SIGCONT.
    static func stopSelf() {
        _ = signal(SIGTSTP, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        setHandler(SIGTSTP, relayHandler, flags: Int32(truncatingIfNeeded: SA_RESTART))
    }

    private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void, flags: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)
    }
}
