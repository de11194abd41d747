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
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient?
    /// Largest body accepted, in bytes.
    public var maxBodyBytes: Int

    public init(client: HTTPClient? = nil, maxBodyBytes: Int = 256 << 20) {
        self.client = client
        self.maxBodyBytes = maxBodyBytes
    }

    public func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        try await execute(request, timeouts: RequestTimeouts(connect: 10, request: timeout))
    }

    public func execute(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> HTTPResponse {
        let client = self.client ?? SharedClients.client(connectTimeout: timeouts.connect)
        let outgoing = try Self.outgoing(request)
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64(timeouts.request * 1000)))
            let buffer = try await response.body.collect(upTo: maxBodyBytes)
            let body = Data(buffer.readableBytesView)
            let ms = (ContinuousClock.now - start).milliseconds
            return HTTPResponse(
                status: Int(response.status.code),
                headers: HTTPHeaderFields(response.headers.map { ($0.name, $0.value) }),
                body: body,
                request: request,
                timing: .init(attemptMilliseconds: ms, totalMilliseconds: ms)
            )
        } catch let error as HTTPClientError {
            throw TransportError(error, url: request.url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError(other: error)
        }
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

extension Duration {
    /// The duration in milliseconds, as a Double.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
