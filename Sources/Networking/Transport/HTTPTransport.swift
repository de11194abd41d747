import Foundation

/// The one seam between the pipeline and the wire: sends one attempt of a request.
/// Throws ``TransportError`` when no HTTP response arrived.
///
/// ```swift
/// struct Scripted: HTTPTransport {
///     func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
///         HTTPResponse(status: 200, request: request)
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` once, failing after `timeout` seconds.
    func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse
    /// Sends `request` once with a connect and a whole-request timeout. The pipeline calls this;
    /// the default forwards to ``execute(_:timeout:)`` with `timeouts.request`.
    func execute(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> HTTPResponse
    /// Sends `request` once and returns as soon as the head has arrived; the body follows in the
    /// returned stream. The default reads the whole body with ``execute(_:timeouts:)``.
    func stream(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> StreamedResponse
    /// Builds, ahead of the first request, what every request will need (a client, its threads),
    /// so that the first request does not wait for it. The default does nothing.
    func warmUp(timeouts: RequestTimeouts)
}

extension HTTPTransport {
    public func execute(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> HTTPResponse {
        try await execute(request, timeout: timeouts.request)
    }

    public func stream(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> StreamedResponse {
        var response = try await execute(request, timeouts: timeouts)
        let body = HTTPBodyStream(response.body)
        response.body = Data()
        return StreamedResponse(head: response, body: body)
    }

    public func warmUp(timeouts: RequestTimeouts) {}
}

/// A failure below HTTP: no response, or a broken one.
///
/// `message` is the short cause a user reads ("connection refused", "host name not found");
/// `detail` is what the HTTP library said, for the log (`description` has both).
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// Connection refused, DNS, TLS...: the request never reached the server, so it is always
    /// safe to retry.
    public var isConnectFailure: Bool
    /// The deadline passed.
    public var isTimeout: Bool
    /// The body was longer than this many bytes, the cap of its kind
    /// (``HTTPRequestKind/maxBodyBytes``): a lasting failure, never retried.
    public var exceededCap: Int?
    /// What happened, for the user: a few words.
    public var message: String
    /// The library's own text, for the log; nil when `message` says it all.
    public var detail: String?
    /// The server's certificate was refused (not trusted, or not the pinned one): a lasting
    /// failure, never retried.
    public var refusedCertificate: CertificateRefusal?

    public init(message: String, detail: String? = nil, isConnectFailure: Bool = false, isTimeout: Bool = false,
                exceededCap: Int? = nil, refusedCertificate: CertificateRefusal? = nil) {
        self.message = message
        self.detail = detail
        self.isConnectFailure = isConnectFailure
        self.isTimeout = isTimeout
        self.exceededCap = exceededCap
        self.refusedCertificate = refusedCertificate
    }

    /// True when another attempt cannot succeed: a body over its cap, a refused certificate.
    public var isLasting: Bool { exceededCap != nil || refusedCertificate != nil }

    /// The body of `kind` went past `cap` bytes.
    public static func tooLarge(_ kind: HTTPRequestKind, cap: Int) -> TransportError {
        TransportError(message: "the \(kind.bodyNoun) is larger than \(byteSize(cap))", exceededCap: cap)
    }

    public var description: String { detail.map { "\(message) [\($0)]" } ?? message }
}
