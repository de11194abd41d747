import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Waits for SIGINT or SIGTERM without killing the process, so servers can stop cleanly.
enum SignalWaiter {
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "eventplayer.signals")
            // The handlers hold the box and the box holds the sources: alive until the first signal.
            let box = SourceBox()
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    guard box.finish() else { return }
                    continuation.resume()
                }
                box.add(source)
                source.resume()
            }
        }
    }

    /// Dispatch sources are not Sendable; every access to them goes through `lock`.
    private final class SourceBox: @unchecked Sendable {
        private let lock = Mutex(())
        private var sources: [any DispatchSourceSignal]? = []

        func add(_ source: any DispatchSourceSignal) {
            lock.withLock { _ in sources?.append(source) }
        }

        /// Cancels every source; true for the first caller only.
        func finish() -> Bool {
            lock.withLock { _ in
                guard let taken = sources else { return false }
                sources = nil
                taken.forEach { $0.cancel() }
                return true
            }
        }
    }
}
