import Glibc
import Synchronization

/// The relay's write end, read by the handler (an atomic load is async-signal-safe).
private let relayWriteFD = Atomic<Int32>(-1)
/// The one relay pipe of the process, made on first use.
private let relayPipe = Mutex<SelfPipe?>(nil)

private func relayHandler(_ signal: Int32) {
    SelfPipe.write(UInt8(truncatingIfNeeded: signal), to: relayWriteFD.load(ordering: .acquiring))
}

extension Signals {
    /// Relays `signals` as bytes (the signal number) on the process's relay pipe and returns it.
    /// One pipe per process: the loop that polls it owns it (the TUI, `play`, or a termination wait).
    /// Handlers use `SA_RESTART`; call ``restoreDefault(_:)`` to stop relaying.
    ///
    /// ```swift
    /// let pipe = try Signals.relay([SIGINT, SIGTERM, SIGHUP, SIGWINCH])
    /// // poll pipe.readFD …
    /// for signal in Signals.received(pipe) { handle(signal) }
    /// ```
    public static func relay(_ signals: [Int32]) throws(SystemCallError) -> SelfPipe {
        let pipe = try relayPipe.withLock { stored -> Result<SelfPipe, SystemCallError> in
            if let stored { return .success(stored) }
            do throws(SystemCallError) {
                let made = try SelfPipe()
                relayWriteFD.store(made.writeFD, ordering: .releasing)
                stored = made
                return .success(made)
            } catch {
                return .failure(error)
            }
        }.get()
        for signal in signals { setHandler(signal, flags: Int32(SA_RESTART), relayHandler) }
        return pipe
    }

    /// The signal numbers relayed since the last call, in order.
    public static func received(_ pipe: SelfPipe) -> [Int32] {
        pipe.drain().map { Int32($0) }
    }

    /// Stops relaying `signals`: their default actions again.
    public static func restoreDefault(_ signals: [Int32]) {
        for signal in signals { setDefault(signal) }
    }

    /// Job control: stops the process as the default SIGTSTP would and returns after SIGCONT,
    /// relaying SIGTSTP again. Call it from the loop that received SIGTSTP from ``relay(_:)``.
    ///
    /// ```swift
    /// case SIGTSTP: terminal.leave(); Signals.stopUntilContinued(); terminal.enter()
    /// ```
    public static func stopUntilContinued() {
        setDefault(SIGTSTP)
        unblock(SIGTSTP)
        raise(SIGTSTP)
        // Running again (SIGCONT).
        setHandler(SIGTSTP, flags: Int32(SA_RESTART), relayHandler)
    }
}
