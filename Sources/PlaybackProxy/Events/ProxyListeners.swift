import Foundation

/// The proxy's listeners: each ``PlaybackProxy/events()`` call gets its own stream.
final class ProxyListeners: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<ProxyEvent>.Continuation] = [:]
    private var next = 0
    private var closed = false

    func subscribe() -> AsyncStream<ProxyEvent> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1000)) { continuation in
            let id: Int? = lock.withLock {
                guard !closed else { return nil }
                next += 1
                continuations[next] = continuation
                return next
            }
            guard let id else { return continuation.finish() }
            continuation.onTermination = { [weak self] _ in
                self?.lock.withLock { _ = self?.continuations.removeValue(forKey: id) }
            }
        }
    }

    func publish(_ event: ProxyEvent) {
        let targets = lock.withLock { Array(continuations.values) }
        for continuation in targets { continuation.yield(event) }
    }

    func finish() {
        let targets = lock.withLock { () -> [AsyncStream<ProxyEvent>.Continuation] in
            closed = true
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
