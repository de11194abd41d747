import Glibc
import Synchronization

/// The thread (`pthread_self`) handling a fatal signal; 0 while none is.
private let crashingThread = Atomic<UInt>(0)
/// The fatal signal being handled (the watchdog re-raises it).
private let crashingSignal = Atomic<Int32>(0)
/// Seconds the backtracer gets before the watchdog ends the process.
private let deadlineSeconds = Atomic<UInt32>(1)
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
    /// Installs the fatal path for ``fatal`` (call once, early in `main`). On such a signal, in
    /// this order and async-signal-safe: restore the terminal (``TerminalRescue``), remove the
    /// registered private files (``CrashCleanup``), write one line to stderr naming `crashLog`,
    /// point stderr and stdout at `crashLog` (appending), run what was installed before (Swift's backtracer,
    /// configured by ``Backtracer/configureOrReexec()`` to write to stderr without a prompt), and
    /// die with the same signal. A watchdog (`alarm`) kills the process with that signal after
    /// `deadline` seconds if the backtracer has not finished.
    ///
    /// Handles `kill -SEGV` as well as real faults: the Swift runtime's handler returns after the
    /// backtrace (a real fault would then fault again; a sent signal would not), so this handler
    /// resets the default action and re-raises. Calling it again only updates `crashLog` (when
    /// given) and `deadline`.
    ///
    /// ```swift
    /// Backtracer.configureOrReexec()                  // first thing in main
    /// Signals.installFatalHandler(crashLog: paths.logFile.path)
    /// ```
    public static func installFatalHandler(crashLog: String? = nil, deadline seconds: UInt32 = 1) {
        // Touch every global the handler reads, so none is lazily initialised inside it.
        _ = fatalSignalInProgress.load(ordering: .relaxed)
        _ = crashingThread.load(ordering: .relaxed)
        _ = crashingSignal.load(ordering: .relaxed)
        _ = CrashCleanup.registered
        TerminalRescue.touch()
        Signals.touchChildScan()
        deadlineSeconds.store(max(seconds, 1), ordering: .relaxed)
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
    // The watchdog: SIGALRM ends the process with the crash's signal if the backtracer hangs.
    var watchdog = sigaction()
    watchdog.__sigaction_handler.sa_handler = { _ in die(crashingSignal.load(ordering: .sequentiallyConsistent)) }
    sigemptyset(&watchdog.sa_mask)
    _ = sigaction(SIGALRM, &watchdog, nil)
    Signals.unblock(SIGALRM)
    Signals.rememberCrashingThread()
    _ = alarm(deadlineSeconds.load(ordering: .relaxed))
    let previous = previousActions[Int(signal)]
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
        handler(signal, info, context)
    } else if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) > 1 {
        handler(signal)   // 0 and 1 are SIG_DFL and SIG_IGN
    }
    die(signal)
}

/// Writes the notice to the current stderr (the terminal), then appends stderr and stdout to the
/// crash log: the backtracer writes to stdout when it was not configured (a pipeline, where the
/// re-exec is skipped), and a backtrace must not end up in the next program's input.
private func redirectOutputToCrashLog() {
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
