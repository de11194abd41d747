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
    /// New events while it runs (``DemoConfiguration/newEventsEvery``).
    var arrivals = DemoArrivals(serverStart: 0, every: nil)

    /// The events listed at `now`: the new ones that arrived (newest first), then ``events``.
    func events(at now: Date) -> [DemoEvent] {
        let arrived = arrivals.numbers(at: now.timeIntervalSince1970).compactMap { arrivedEvent($0, now: now) }
        return arrived.isEmpty ? events : arrived + events
    }

    /// A fixed, generated or arrived event by id.
    func event(id: String, at now: Date = Date()) -> DemoEvent? {
        if let event = eventsByID[id] { return event }
        guard id.hasPrefix(Self.arrivalPrefix), let number = Int(id.dropFirst(Self.arrivalPrefix.count)),
              arrivals.hasArrived(number, now: now.timeIntervalSince1970) else { return nil }
        return arrivedEvent(number, now: now)
    }

    static let arrivalPrefix = "new-"

    /// Arrival `number`: `evt-endlist`'s media under a new id, on the generated cameras in turn.
    private func arrivedEvent(_ number: Int, now: Date) -> DemoEvent? {
        guard let template = eventsByID["evt-endlist"] else { return nil }
        let cameras = catalog.generated.cameras.isEmpty ? [template.cameraName] : catalog.generated.cameras
        return DemoEvent(id: Self.arrivalPrefix + String(format: "%05d", number), cameraName: cameras[number % cameras.count],
                         title: "New motion \(number)", bucket: template.bucket, mediaDirectory: template.mediaDirectory,
                         playlist: template.playlist, playlistMode: template.playlistMode,
                         startTime: Date(timeIntervalSince1970: arrivals.start(number)),
                         endTime: arrivals.end(number, now: now.timeIntervalSince1970).map(Date.init(timeIntervalSince1970:)),
                         videoUrlQuery: nil, failingFile: nil)
    }

    /// `http://<Host header>` when the client sent one (so links work for remote clients), else the bound URL.
    func baseURL(for request: RequestInfo) -> String {
        if let host = request.header("Host"), !host.isEmpty, !host.contains("/") {
            return "http://\(host)"
        }
        return boundBaseURL.value?.absoluteString ?? "http://\(configuration.host):\(configuration.port)"
    }
}
