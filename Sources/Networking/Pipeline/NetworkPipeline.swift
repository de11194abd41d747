import Foundation
import Logging
import SystemSupport

/// Sends every request eventplayer makes: configured headers, request filters, the transport,
/// response filters and the retry policy, in that order (docs/network.md). Filters run in
/// registration order; register them before the first request.
///
/// ```swift
/// var configuration = NetworkConfiguration()
/// try configuration.addHeader(flag: "mediaSegment:X-Client: eventplayer")
/// let pipeline = NetworkPipeline(configuration: configuration)
/// pipeline.add(requestFilter: BearerFilter(...))
/// let response = try await pipeline.send(HTTPRequest(kind: .apiEvents, url: url))
/// for record in pipeline.requestLog.snapshot() { print(record) }
/// ```
public final class NetworkPipeline: Sendable {
    struct Registry {
        var requestFilters: [any RequestFilter] = []
        var responseFilters: [any ResponseFilter] = []
        var retryHandler: NetworkConfig.RetryHttpRequestHandler?
    }

    let transport: any HTTPTransport
    /// Headers, retry policy, timeouts.
    public let configuration: NetworkConfiguration
    /// Recent attempts, for the TUI.
    public let requestLog: RequestLog
    let logger: Logger
    let sleeper: any NetworkSleeper
    let board = EarlyRetryBoard()
    let registry = Locked(Registry())

    /// - Parameters:
    ///   - transport: the wire (async-http-client by default; a scripted one in tests).
    ///   - configuration: headers per kind, retry policy, timeouts (from the config file and `--header`).
    ///   - config: closures to apply at once, as ``apply(_:)`` does.
    ///   - requestLog: where records go; a new one of `configuration.requestLogCapacity` by default.
    ///   - logger: receives one record per attempt; silent unless given (like async-http-client's default).
    ///   - sleeper: waits retry delays and handler deadlines.
    public init(
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        configuration: NetworkConfiguration = NetworkConfiguration(),
        config: NetworkConfig? = nil,
        requestLog: RequestLog? = nil,
        logger: Logger = Logger(label: "eventplayer.network", factory: { _ in SwiftLogNoOpLogHandler() }),
        sleeper: any NetworkSleeper = SystemSleeper()
    ) {
        self.transport = transport
        self.configuration = configuration
        self.requestLog = requestLog ?? RequestLog(capacity: configuration.requestLogCapacity)
        self.logger = logger
        self.sleeper = sleeper
        if let config { apply(config) }
    }

    /// Starts building, off the caller's thread, what the first request of `kind` will need (the
    /// HTTP client and its threads), so that it overlaps the caller's own start-up work. A request
    /// sent meanwhile waits for it rather than building a second one.
    public func warmUp(for kind: HTTPRequestKind = .apiEvents) {
        let transport = self.transport, timeouts = configuration.timeouts(for: kind)
        Task.detached(priority: .userInitiated) { transport.warmUp(timeouts: timeouts) }
    }

    /// Appends a request filter; filters run in the order they were added.
    public func add(requestFilter: any RequestFilter) {
        registry.withLock { $0.requestFilters.append(requestFilter) }
    }

    /// Appends a response filter; filters run in the order they were added.
    public func add(responseFilter: any ResponseFilter) {
        registry.withLock { $0.responseFilters.append(responseFilter) }
    }

    /// Appends `filter` to both chains.
    public func add(filter: any NetworkFilter) {
        registry.withLock {
            $0.requestFilters.append(filter)
            $0.responseFilters.append(filter)
        }
    }

    /// Adds the closures of `config`: `preprocessHttpRequest` as the next request filter,
    /// `preprocessHttpResponse` as the next response filter, and `retryHttpRequest` as the retry
    /// handler, which replaces the default ``RetryPolicy`` entirely.
    public func apply(_ config: NetworkConfig) {
        let timeout = configuration.handlerTimeout
        registry.withLock {
            if let handler = config.preprocessHttpRequest {
                $0.requestFilters.append(ClosureRequestFilter(handler: handler, timeout: timeout, sleeper: sleeper))
            }
            if let handler = config.preprocessHttpResponse {
                $0.responseFilters.append(ClosureResponseFilter(handler: handler, timeout: timeout, sleeper: sleeper))
            }
            if let handler = config.retryHttpRequest { $0.retryHandler = handler }
        }
    }

    /// Waits registered for early retry on `host` (`host[:port]`); for tests and diagnostics.
    public func pendingRetries(host: String) -> Int {
        board.pendingCount(host: host)
    }
}
