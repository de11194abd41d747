import Foundation

/// The one seam between the pipeline and the wire: sends one attempt of a request.
/// Throws ``TransportError`` when no HTTP response arrived.
public protocol HTTPTransport: Sendable {
    /// Sends `request` once, failing after `timeout` seconds.
    func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse
}

/// A failure below HTTP: no response, or a broken one.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// Connection refused, DNS, TLS...: the request never reached the server.
    public var isConnectFailure: Bool
    /// The deadline passed.
    public var isTimeout: Bool
    /// What happened, for the user.
    public var message: String

    public init(message: String, isConnectFailure: Bool = false, isTimeout: Bool = false) {
        self.message = message
        self.isConnectFailure = isConnectFailure
        self.isTimeout = isTimeout
    }

    public var description: String { message }
}
