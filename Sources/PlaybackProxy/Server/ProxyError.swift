/// Why a playback proxy could not start.
///
/// ```swift
/// do { proxy = try await PlaybackProxy.start(configuration) }
/// catch let error as ProxyError { status.show(error.description) }
/// ```
public struct ProxyError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case notLoopback(String)
        case badVideoURL(String)
        case startFailed(String)
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
        }
    }
}
