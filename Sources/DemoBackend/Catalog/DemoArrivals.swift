import Foundation

/// New events while the server runs (``DemoConfiguration/newEventsEvery``), for clients that
/// follow it: the k-th (k = 1, 2, …) starts `every` × k seconds after the server started, and is
/// in progress (no end) for its first ``inProgressSeconds``. A function of the clock, so every
/// route (the list, an item by id, its media) agrees without shared state.
///
/// ```swift
/// let arrivals = DemoArrivals(serverStart: start, every: 30)
/// arrivals.numbers(at: start + 95)   // [3, 2, 1]: newest first
/// ```
struct DemoArrivals: Sendable {
    let serverStart: Double
    /// Seconds between two new events; nil: none arrive.
    let every: Double?

    /// How long a new event is in progress.
    static let inProgressSeconds = 12.0
    /// How long it lasts once it ended.
    static let lengthSeconds = 20.0

    /// The events arrived by `now`, newest first.
    func numbers(at now: Double) -> [Int] {
        guard let every, every > 0, now > serverStart else { return [] }
        let count = Int(((now - serverStart) / every).rounded(.down))
        return count > 0 ? Array((1...count).reversed()) : []
    }

    func start(_ number: Int) -> Double {
        serverStart + Double(number) * (every ?? 0)
    }

    /// nil while in progress.
    func end(_ number: Int, now: Double) -> Double? {
        let start = start(number)
        return now < start + Self.inProgressSeconds ? nil : start + Self.lengthSeconds
    }

    /// Whether event `number` has arrived by `now`.
    func hasArrived(_ number: Int, now: Double) -> Bool {
        guard let every, every > 0, number >= 1 else { return false }
        return start(number) <= now
    }
}
