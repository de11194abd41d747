import Foundation

/// What users configure without code: headers per request kind, the retry policy and timeouts.
/// The App fills it from the config file's `[network]` and `[headers.*]` tables (see
/// `NetworkConfiguration+File.swift`) and from `--header` flags, then builds the pipeline.
///
/// ```swift
/// var configuration = NetworkConfiguration()
/// try configuration.apply(networkTable: ["retries": 5, "mediaSegment-request-timeout": 90])
/// try configuration.apply(headerTable: "all", fields: [("User-Agent", "eventplayer/1.0")])
/// try configuration.addHeader(flag: "mediaSegment:X-CDN-Key: abc")
/// let pipeline = NetworkPipeline(configuration: configuration)
/// ```
public struct NetworkConfiguration: Sendable, Equatable {
    /// Headers set on every request (replacing a field of the same name).
    public var headers: HTTPHeaderFields
    /// Headers set on requests of one kind, after ``headers``.
    public var headersByKind: [HTTPRequestKind: HTTPHeaderFields]
    /// The default retry policy (used when no custom retry handler is set).
    public var retry: RetryPolicy
    /// Timeouts by kind; a kind missing here uses ``RequestTimeouts/defaults(for:)``.
    public var timeouts: [HTTPRequestKind: RequestTimeouts]
    /// How long a closure of ``NetworkConfig`` may take to answer, in seconds (20).
    public var handlerTimeout: Double
    /// How many records ``RequestLog`` keeps (500).
    public var requestLogCapacity: Int
    /// Response headers each ``RequestRecord`` keeps.
    public var recordedHeaders = RecordedHeaders()
    /// How redirects are followed (by the pipeline, hop by hop, never by the transport).
    public var redirects = RedirectRule()

    public init(
        headers: HTTPHeaderFields = [],
        headersByKind: [HTTPRequestKind: HTTPHeaderFields] = [:],
        retry: RetryPolicy = RetryPolicy(),
        timeouts: [HTTPRequestKind: RequestTimeouts] = [:],
        handlerTimeout: Double = 20,
        requestLogCapacity: Int = 500
    ) {
        self.headers = headers
        self.headersByKind = headersByKind
        self.retry = retry
        self.timeouts = timeouts
        self.handlerTimeout = handlerTimeout
        self.requestLogCapacity = requestLogCapacity
    }

    /// The headers a request of `kind` gets: ``headers`` then ``headersByKind``, later names winning.
    public func headers(for kind: HTTPRequestKind) -> HTTPHeaderFields {
        var result = headers
        for (name, value) in headersByKind[kind] ?? [] { result[name] = value }
        return result
    }

    /// The timeouts for `kind`.
    public func timeouts(for kind: HTTPRequestKind) -> RequestTimeouts {
        timeouts[kind] ?? RequestTimeouts.defaults(for: kind)
    }

    /// Sets `name: value` for `kind`, or for every kind when `kind` is nil.
    public mutating func setHeader(_ name: String, _ value: String, for kind: HTTPRequestKind? = nil) {
        if let kind {
            headersByKind[kind, default: []][name] = value
        } else {
            headers[name] = value
        }
    }

    /// Adds a parsed `--header` flag.
    public mutating func add(_ flag: HeaderFlag) {
        setHeader(flag.name, flag.value, for: flag.kind)
    }

    /// Parses and adds a `--header` flag: `"Name: value"` or `"kind:Name: value"`.
    /// Throws ``HeaderFlagError`` with a message naming the flag and the expected syntax.
    public mutating func addHeader(flag: String) throws {
        add(try HeaderFlag(parsing: flag))
    }

    /// Sets connect and/or request timeouts of every kind.
    public mutating func setTimeouts(connect: Double? = nil, request: Double? = nil) {
        for kind in HTTPRequestKind.allCases {
            var value = timeouts(for: kind)
            if let connect { value.connect = connect }
            if let request { value.request = request }
            timeouts[kind] = value
        }
    }
}
