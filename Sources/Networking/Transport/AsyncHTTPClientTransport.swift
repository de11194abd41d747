import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SystemSupport

/// ``HTTPTransport`` over async-http-client.
///
/// ```swift
/// let pipeline = NetworkPipeline(transport: AsyncHTTPClientTransport())
/// ```
/// By default it uses one process-wide client per connect timeout (kept for the life of the
/// process, so nothing needs shutting down); pass `client:` to use your own for every request.
/// An https request verifies the server's certificate as `trust` says (a pinned certificate, or
/// the system's roots and `--ca-file`); a refused certificate fails with
/// ``TransportError/refusedCertificate`` set, saying which certificate and what to do.
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient?
    /// Largest body accepted on the collected path, in bytes, for every kind; nil (the default):
    /// the cap of the request's kind, ``HTTPRequestKind/maxBodyBytes``.
    public var maxBodyBytes: Int?
    /// Which server certificates are trusted.
    public let trust: CertificateTrust

    public init(client: HTTPClient? = nil, maxBodyBytes: Int? = nil, trust: CertificateTrust = CertificateTrust()) {
        self.client = client
        self.maxBodyBytes = maxBodyBytes
        self.trust = trust
    }

    public func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        try await execute(request, timeouts: RequestTimeouts(connect: 10, request: timeout))
    }

    /// Sends `request` and collects its body. `timeouts.request` covers the whole response, head
    /// and body (async-http-client's own deadline covers only the head, so a server that drips its
    /// body would hold the request forever); a body over the kind's cap fails with
    /// ``TransportError/exceededCap`` set.
    public func execute(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> HTTPResponse {
        let client = self.client ?? SharedClients.client(connectTimeout: timeouts.connect)
        let outgoing = try self.outgoing(request)
        let cap = maxBodyBytes ?? request.kind.maxBodyBytes
        let start = ContinuousClock.now
        do {
            let (status, headers, body) = try await withinDeadline(seconds: timeouts.request) {
                let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeouts.request * 1000)))
                let buffer: ByteBuffer
                do {
                    buffer = try await response.body.collect(upTo: cap)
                } catch is NIOTooManyBytesError {
                    throw TransportError.tooLarge(request.kind, cap: cap)
                }
                return (Int(response.status.code), HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                        Data(buffer.readableBytesView))
            }
            let ms = (ContinuousClock.now - start).milliseconds
            return HTTPResponse(
                status: status, headers: headers, body: body, request: request,
                timing: .init(attemptMilliseconds: ms, totalMilliseconds: ms)
            )
        } catch let error as HTTPClientError {
            throw TransportError(error, url: request.url)
        } catch let error as TransportError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            if let refusal = await trust.refusal(for: request.url, error: error, timeout: timeouts.connect) { throw refusal }
            throw TransportError(other: error)
        }
    }

    /// Makes the shared client of `timeouts.connect` (its event loop threads, its connection pool):
    /// about 4 ms that the first request would otherwise wait for (docs/benchmarks.md).
    public func warmUp(timeouts: RequestTimeouts) {
        if client == nil { _ = SharedClients.client(connectTimeout: timeouts.connect) }
    }

    static func isConnectFailure(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("connectTimeout") || text.contains("Connection refused")
            || text.contains("connect(descriptor") || text.contains("NIOConnectionError")
            || text.contains("lookup") || text.contains("connectionRefused")
    }

    /// A few words for what NIO or async-http-client reported, when it is a common case.
    static func summary(_ text: String) -> String? {
        if text.contains("Connection refused") || text.contains("connectionRefused") { return "connection refused" }
        if text.contains("SocketAddressError") || text.contains("lookup") || text.contains("dnsAError: Optional") {
            return "host name not found"
        }
        if text.contains("Network is unreachable") || text.contains("No route to host") { return "no route to the host" }
        if text.contains("Connection reset") { return "connection reset by the server" }
        if text.contains("SSL") || text.contains("TLS") || text.contains("handshake") { return "secure connection (TLS) failed" }
        if text.contains("connectTimeout") { return "connect timed out" }
        return nil
    }
}

/// One HTTPClient per connect timeout, alive for the whole process (never shut down, like
/// `HTTPClient.shared`).
enum SharedClients {
    private static let clients = Locked<[Int64: HTTPClient]>([:])

    /// True once the client of `connectTimeout` exists (a request or a warm-up built it).
    static func isBuilt(connectTimeout: Double) -> Bool {
        clients.withLock { $0[Int64((connectTimeout * 1000).rounded())] != nil }
    }

    static func client(connectTimeout: Double) -> HTTPClient {
        let milliseconds = Int64((connectTimeout * 1000).rounded())
        return clients.withLock { clients in
            if let client = clients[milliseconds] { return client }
            var configuration = HTTPClient.Configuration.singletonConfiguration
            configuration.timeout.connect = .milliseconds(milliseconds)
            // The pipeline retries (with backoff and early retry); async-http-client's own retrying
            // of a refused connect would hold every attempt until the connect timeout instead.
            configuration.connectionPool.retryConnectionEstablishment = false
            // The pipeline follows redirects hop by hop (retries, request log, where the token may go).
            configuration.redirectConfiguration = .disallow
            let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            clients[milliseconds] = client
            return client
        }
    }
}

extension TransportError {
    init(_ error: HTTPClientError, url: URL) {
        switch error {
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            self.init(message: "timed out", isTimeout: true)
        case .connectTimeout:
            self.init(message: "connect timed out", isConnectFailure: true, isTimeout: true)
        case .remoteConnectionClosed:
            self.init(message: "connection closed by the server")
        case .cancelled:
            self.init(message: "cancelled")
        default:
            self.init(other: error)
        }
    }

    /// Any other error: a short summary when it is a common case, the library's text as detail.
    init(other error: any Error) {
        let text = Redactor.shared.redact(String(describing: error))
        if let summary = AsyncHTTPClientTransport.summary(text) {
            self.init(message: summary, detail: text, isConnectFailure: AsyncHTTPClientTransport.isConnectFailure(error))
        } else {
            self.init(message: text, isConnectFailure: AsyncHTTPClientTransport.isConnectFailure(error))
        }
    }
}

// MARK: - The outgoing request

extension AsyncHTTPClientTransport {
    /// `request` as async-http-client's request, for both the collected and the streamed path,
    /// with the TLS configuration ``trust`` gives its server.
    /// Throws for a port that does not fit 16 bits: NIO traps on one, so say what is wrong instead.
    func outgoing(_ request: HTTPRequest) throws -> HTTPClientRequest {
        if let port = request.url.port, !(1...65535).contains(port) {
            throw TransportError(message: "port \(port) is out of range (1 to 65535)")
        }
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        outgoing.tlsConfiguration = trust.configuration(for: request.url)
        return outgoing
    }
}
