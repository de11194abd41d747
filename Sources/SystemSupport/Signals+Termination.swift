import Foundation
import Glibc

extension Signals {
    /// Waits until one of `signals` arrives (the process keeps running), for servers that stop
    /// cleanly. The wait polls the relay pipe on a thread of its own, never on the cooperative pool.
    /// `relayed` runs once the signals are caught and before the wait: what it announces (a
    /// server's "listening" line) can be answered with a signal at once, which then stops the
    /// process cleanly instead of killing it. Returns the signal received.
    ///
    /// ```swift
    /// let server = try await DemoServer.start()
    /// _ = try await Signals.waitForTermination { print("listening on \(server.baseURL)") }
    /// await server.stop()
    /// ```
    @discardableResult
    public static func waitForTermination(_ signals: [Int32] = [SIGINT, SIGTERM],
                                          relayed: () -> Void = {}) async throws(SystemCallError) -> Int32 {
        let pipe = try relay(signals)
        relayed()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let thread = Thread {
                while true {
                    _ = try? Poller.wait(for: [.readable(pipe.readFD)], until: nil)
                    if let signal = received(pipe).first(where: signals.contains) {
                        continuation.resume(returning: signal)
                        return
                    }
                }
            }
            thread.name = "eventplayer.signals"
            thread.start()
        }
    }
}
