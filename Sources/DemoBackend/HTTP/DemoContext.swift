import Foundation
import Synchronization

/// Everything the routes share: configuration, the event list, and the stateful actors.
struct DemoContext: Sendable {
    let configuration: DemoConfiguration
    let resources: URL
    let catalog: DemoCatalog
    /// Newest first.
    let events: [DemoEvent]
    let eventsByID: [String: DemoEvent]
    let sessions: SessionStore
    let mediaTokens: MediaTokenStore
    let faults: FaultInjector
    let log: RequestLog
    let live: LiveClock
    let thumbnail: URL
    /// The base URL as bound, for requests without a Host header.
    let boundBaseURL: LockedBox<URL?>
    /// The second listener's base URL (``DemoSecondHost``), once bound.
    let secondBaseURL = LockedBox<URL?>(nil)

    /// `http://<Host header>` when the client sent one (so links work for remote clients), else the bound URL.
    func baseURL(for request: RequestInfo) -> String {
        if let host = request.header("Host"), !host.isEmpty, !host.contains("/") {
            return "http://\(host)"
        }
        return boundBaseURL.value?.absoluteString ?? "http://\(configuration.host):\(configuration.port)"
    }
}

/// A value behind a lock, for the few places an actor would need an `await` it cannot have.
final class LockedBox<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>

    init(_ value: Value) { stored = Mutex(value) }

    var value: Value {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
