import Foundation
import SystemSupport

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
    let boundBaseURL: Locked<URL?>
    /// The second listener's base URL (``DemoSecondHost``), once bound.
    let secondBaseURL = Locked<URL?>(nil)

    /// `http://<Host header>` when the client sent one (so links work for remote clients), else the bound URL.
    func baseURL(for request: RequestInfo) -> String {
        if let host = request.header("Host"), !host.isEmpty, !host.contains("/") {
            return "http://\(host)"
        }
        return boundBaseURL.value?.absoluteString ?? "http://\(configuration.host):\(configuration.port)"
    }
}
