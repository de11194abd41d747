/// Runs `operation` and fails it with a timeout ``TransportError`` when it has not finished within
/// `seconds`: the operation is cancelled (which cancels an async-http-client request, head or
/// body) and this returns once it has stopped.
///
/// ```swift
/// let data = try await withinDeadline(seconds: 20) { try await fetchHeadAndBody() }
/// ```
func withinDeadline<T: Sendable>(
    seconds: Double, _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: .milliseconds(Int64((seconds * 1000).rounded(.up))))
            throw TransportError(message: "timed out", isTimeout: true)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw CancellationError() }
        return first
    }
}
