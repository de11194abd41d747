import Foundation
import Synchronization

/// Runs async work from a thread that may block (never from the cooperative pool).
func blockingAwait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task {
        let result: Result<T, any Error>
        do { result = .success(try await operation()) } catch { result = .failure(error) }
        box.result.withLock { $0 = result }
        semaphore.signal()
    }
    semaphore.wait()
    return box.result.withLock { $0! }
}

/// Handed from the task to the waiting thread.
private final class ResultBox<T: Sendable>: Sendable {
    let result = Mutex<Result<T, any Error>?>(nil)
}
