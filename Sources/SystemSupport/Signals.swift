import Glibc

/// The process's one signal facility (Linux):
/// - relayed signals as bytes on one ``SelfPipe`` for ``Poller`` loops (``relay(_:)``), used by the TUI
///   and headless `play`;
/// - an async wait for termination for servers (``waitForTermination(_:relayed:)``), used by `demo-server`;
/// - the fatal path (``installFatalHandler(crashLog:deadline:)``): on SIGSEGV, SIGBUS, SIGABRT,
///   SIGILL or SIGFPE restore the terminal (``TerminalRescue``), remove private files
///   (``CrashCleanup``), let Swift's backtracer write to the log, and die with that signal.
///
/// ```swift
/// Signals.installFatalHandler(crashLog: "/home/me/.local/state/eventplayer/eventplayer.log")
/// let signals = try Signals.relay([SIGINT, SIGTERM, SIGHUP])
/// _ = try Poller.wait(for: [.readable(signals.readFD)], until: nil)
/// for signal in Signals.received(signals) where signal == SIGINT { stop() }
/// ```
public enum Signals {
    /// The signals that end the process with a crash; ``installFatalHandler(crashLog:deadline:)`` handles them.
    public static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE]

    /// Sets `signal`'s handler (empty mask) with `flags`.
    static func setHandler(_ signal: Int32, flags: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        action.sa_flags = flags
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)
    }

    /// Puts `signal` back to its default action.
    static func setDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)
    }

    /// Unblocks `signal` for the calling thread.
    static func unblock(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
