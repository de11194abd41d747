import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Waits for SIGINT or SIGTERM without killing the process, so servers can stop cleanly.
enum SignalWaiter {
    /// Returns at the first SIGINT/SIGTERM, or when the calling task is cancelled (then the
    /// signals stay ignored: the caller is finishing anyway).
    static func waitForTermination() async {
        let box = SourceBox()
        await withTaskCancellationHandler {
            await wait(box)
        } onCancel: {
            box.cancel()
        }
    }

    private static func wait(_ box: SourceBox) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "eventplayer.signals")
            // The handlers hold the box and the box holds the sources: alive until the first signal.
            guard box.start(continuation) else { return continuation.resume() }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { box.cancel() }
                box.add(source)
                source.resume()
            }
        }
    }

    /// Dispatch sources are not Sendable; every access to them goes through `lock`.
    private final class SourceBox: @unchecked Sendable {
        private let lock = Mutex(())
        private var sources: [any DispatchSourceSignal]? = []
        private var continuation: CheckedContinuation<Void, Never>?
        private var cancelled = false

        /// Keeps the continuation to resume; false when cancelled before the wait began.
        func start(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
            lock.withLock { _ in
                guard !cancelled else { return false }
                self.continuation = continuation
                return true
            }
        }

        /// The first signal or the task's cancellation: cancels the sources and resumes the waiter once.
        func cancel() {
            let waiter: CheckedContinuation<Void, Never>? = lock.withLock { _ in
                cancelled = true
                _ = finishLocked()
                defer { continuation = nil }
                return continuation
            }
            waiter?.resume()
        }

        func add(_ source: any DispatchSourceSignal) {
            lock.withLock { _ in
                if sources == nil { source.cancel() } else { sources?.append(source) }
            }
        }

        private func finishLocked() -> Bool {
            guard let taken = sources else { return false }
            sources = nil
            taken.forEach { $0.cancel() }
            return true
        }
    }
}
