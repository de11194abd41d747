/// Waits for retry delays and handler deadlines. Injected so tests can drive time by hand.
///
/// ```swift
/// let pipeline = NetworkPipeline(transport: transport, sleeper: SystemSleeper())
/// ```
public protocol NetworkSleeper: Sendable {
    /// Returns after `seconds`; throws `CancellationError` as soon as the task is cancelled.
    func sleep(seconds: Double) async throws
}

/// Real time, through `Task.sleep`.
///
/// ```swift
/// try await SystemSleeper().sleep(seconds: 1.284)
/// ```
public struct SystemSleeper: NetworkSleeper {
    public init() {}

    public func sleep(seconds: Double) async throws {
        try await Task.sleep(for: .milliseconds(max(0, seconds) * 1000))
    }
}
