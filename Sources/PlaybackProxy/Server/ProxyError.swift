/// Why the playback proxy could not start, or could not serve a playback.
///
/// ```swift
/// do { playback = try server.register(configuration) }
/// catch let error as ProxyError { status.show(error.description) }
/// ```
public struct ProxyError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case notLoopback(String)
        case badVideoURL(String)
        case startFailed(String)
        case stopped
    }

    let reason: Reason

    init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notLoopback(let host):
            "the playback proxy listens on loopback only (127.0.0.1 or ::1), not \(host)"
        case .badVideoURL(let url):
            "the event's video URL is not an http(s) URL the proxy can forward to: \(url)"
        case .startFailed(let detail):
            "the playback proxy could not start: \(detail)"
        case .stopped:
            "the playback proxy has stopped; start the playback again"
        }
    }
}
