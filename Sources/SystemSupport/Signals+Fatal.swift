import Glibc
import Synchronization

/// The thread (`pthread_self`) handling a fatal signal; 0 while none is.
private let crashingThread = Atomic<UInt>(0)
/// The fatal signal being handled (the watchdog re-raises it).
private let crashingSignal = Atomic<Int32>(0)
/// Milliseconds the backtracer gets before the watchdog ends the process.
private let deadlineMilliseconds = Atomic<Int>(Signals.defaultCrashDeadlineMilliseconds)
/// The crash log as a C string, and the notice for the terminal ("…: crashed (signal " N "); …").
private let crashLogBlock = PublishedBlock()
/// The actions that were there before ours (Swift's backtracer), by signal number.
// reason: written once under `installed`'s lock before our handlers exist; the handler only reads.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    actions.initialize(repeating: sigaction(), count: 65)
    return actions
}()
private let installed = Mutex(false)

extension Signals {
    /// The watchdog's deadline unless ``installFatalHandler(crashLog:deadline:)`` is given one:
    /// 1.3 s, so that a crashed eventplayer is gone within 1.5 s however slow the backtracer is
    /// (it takes 0.2 to 1 s for a release build: docs/benchmarks.md, `make bench-crash`).
    public static let defaultCrashDeadlineMilliseconds = 1300

    /// Installs the fatal path for ``fatal`` (call once, early in `main`). On such a signal, in
    /// this order and async-signal-safe: restore the terminal (``TerminalRescue``: the first
    /// thing, so the terminal is back within milliseconds of the crash), remove the registered
    /// private files (``CrashCleanup``), write one line to stderr naming `crashLog`, point stderr
    /// and stdout at `crashLog` (appending) and stdin at /dev/null (a backtracer left with its
    /// defaults, which would prompt at a terminal, reads end-of-file and carries on), run what was
    /// installed before (Swift's backtracer, given its settings by ``Backtracer``: no prompt,
    /// written to stderr, symbolicated fast), and die with the same signal. A watchdog
    /// (`setitimer`) kills the process with that signal, and the backtracer with it, `deadline`
    /// after the signal if the backtracer has not finished, noting so in the log.
    ///
    /// Handles `kill -SEGV` as well as real faults: the Swift runtime's handler returns after the
    /// backtrace (a real fault would then fault again; a sent signal would not), so this handler
    /// resets the default action and re-raises. Calling it again only updates `crashLog` and
    /// `deadline`, each when given.
    ///
    /// ```swift
    /// Signals.installFatalHandler(crashLog: paths.logFile.path)   // early in main
    /// ```
    public static func installFatalHandler(crashLog: String? = nil, deadline: Duration? = nil) {
        // Touch every global the handler reads, so none is lazily initialised inside it.
        _ = fatalSignalInProgress.load(ordering: .relaxed)
        _ = crashingThread.load(ordering: .relaxed)
        _ = crashingSignal.load(ordering: .relaxed)
        _ = deadlineMilliseconds.load(ordering: .relaxed)
        _ = CrashCleanup.registered
        TerminalRescue.touch()
        Signals.touchChildScan()
        if let deadline {
            let milliseconds = deadline.components.seconds * 1000 + deadline.components.attoseconds / 1_000_000_000_000_000
            deadlineMilliseconds.store(Int(max(milliseconds, 1)), ordering: .relaxed)
        }
        if let crashLog {
            let notice = "eventplayer: crashed; the backtrace is in \(crashLog)\n"
            crashLogBlock.publish(Array(crashLog.utf8) + [0] + Array(notice.utf8) + [0])
        }
        installed.withLock { done in
            guard !done else { return }
            done = true
            for signal in fatal {
                _ = sigaction(signal, nil, previousActions + Int(signal))
                var action = sigaction()
                action.__sigaction_handler.sa_sigaction = fatalHandler
                // SA_NODEFER: the backtracer's memory-server thread, cloned in this handler, must be
                // able to take SIGSEGV itself. SA_ONSTACK: the runtime's alternate stack (stack overflow).
                action.sa_flags = Int32(truncatingIfNeeded: Int(SA_SIGINFO) | Int(SA_NODEFER) | Int(SA_ONSTACK) | Int(SA_RESETHAND))
                sigemptyset(&action.sa_mask)
                _ = sigaction(signal, &action, nil)
            }
        }
    }
}

private func fatalHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let me = pthread_self()
    let claim = crashingThread.compareExchange(expected: 0, desired: me, ordering: .sequentiallyConsistent)
    if !claim.exchanged {
        if claim.original == me { die(signal) }   // a fault inside this handler
        while true { pause() }                       // another thread handles the crash and ends the process
    }
    fatalSignalInProgress.store(true, ordering: .sequentiallyConsistent)
    crashingSignal.store(signal, ordering: .sequentiallyConsistent)
    TerminalRescue.restoreNow()
    CrashCleanup.removeAllFromSignalHandler()
    redirectOutputToCrashLog()
    // The watchdog: SIGALRM ends the process with the crash's signal if the backtracer is slow.
    var watchdog = sigaction()
    watchdog.__sigaction_handler.sa_handler = { _ in
        let note: StaticString = "\neventplayer: the backtracer had not finished by the deadline: ended\n"
        _ = write(2, note.utf8Start, note.utf8CodeUnitCount)
        die(crashingSignal.load(ordering: .sequentiallyConsistent))
    }
    sigemptyset(&watchdog.sa_mask)
    _ = sigaction(SIGALRM, &watchdog, nil)
    Signals.unblock(SIGALRM)
    Signals.rememberCrashingThread()
    let milliseconds = deadlineMilliseconds.load(ordering: .relaxed)
    var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000))
    _ = setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    let previous = previousActions[Int(signal)]
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
        handler(signal, info, context)
    } else if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
        handler(signal)   // 0 and 1 are SIG_DFL and SIG_IGN
    }
    die(signal)
}

/// Writes the notice to the current stderr (the terminal), then appends stderr and stdout to the
/// crash log (the backtracer writes to stdout when it was left with its defaults, and a backtrace
/// must not end up in the next program's input), and points stdin at /dev/null (a backtracer left
/// with its defaults at a terminal would wait there for a key).
private func redirectOutputToCrashLog() {
    let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
    if null >= 0 {
        _ = dup2(null, 0)
        _ = close(null)
    }
    guard let block = crashLogBlock.current()?.assumingMemoryBound(to: CChar.self) else { return }
    let notice = block + strlen(block) + 1
    _ = write(2, notice, strlen(notice))
    let fd = open(block, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    if fd >= 0 {
        _ = dup2(fd, 2)
        _ = dup2(fd, 1)
        _ = close(fd)
    }
}

/// Ends the process with `signal` (its default action), whatever handler was installed, and
/// takes the backtracer along if it is still running (the watchdog's case).
private func die(_ signal: Int32) -> Never {
    Signals.killCrashingThreadsChildren()
    Signals.setDefault(signal)
    Signals.unblock(signal)
    _ = raise(signal)
    _exit(128 + signal)
}
