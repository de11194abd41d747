import Synchronization

/// One playback's listeners: each ``ProxiedPlayback/events()`` call gets its own stream.
final class ProxyListeners: Sendable {
    private struct State {
        var continuations: [Int: AsyncStream<ProxyEvent>.Continuation] = [:]
        var next = 0
        var closed = false
    }
    private let state = Mutex(State())

    func subscribe() -> AsyncStream<ProxyEvent> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1000)) { continuation in
            let id: Int? = state.withLock { state in
                guard !state.closed else { return nil }
                state.next += 1
                state.continuations[state.next] = continuation
                return state.next
            }
            guard let id else { return continuation.finish() }
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
            }
        }
    }

    func publish(_ event: ProxyEvent) {
        let targets = state.withLock { Array($0.continuations.values) }
        for continuation in targets { continuation.yield(event) }
    }

    func finish() {
        let targets = state.withLock { state -> [AsyncStream<ProxyEvent>.Continuation] in
            state.closed = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
