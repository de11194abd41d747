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

    private final class SourceBox: Sendable {
        private let sources = Mutex<[any DispatchSourceSignal]?>([])

        func add(_ source: any DispatchSourceSignal) {
            sources.withLock { $0?.append(source) }
        }

        /// Cancels every source; true for the first caller only.
        func finish() -> Bool {
            let taken = sources.withLock { list -> [any DispatchSourceSignal]? in
                defer { list = nil }
                return list
            }
            taken?.forEach { $0.cancel() }
            return taken != nil
        }
    }
}
