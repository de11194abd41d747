import Foundation

/// A complete response, with the request that it answers and how long it took.
///
/// ```swift
/// let response = try await pipeline.send(request)
/// print(response.status, response.body.count, response.timing.attempts)
/// ```
public struct HTTPResponse: Sendable {
    /// HTTP status code; 0 in the response handed to a retry handler when no response arrived
    /// (then ``failure`` says why).
    public var status: Int
    /// Response header fields.
    public var headers: HTTPHeaderFields
    /// The whole body.
    public var body: Data
    /// The request (after request filters) that this answers: after redirects, the last hop's.
    public var request: HTTPRequest
    /// How many redirects the pipeline followed to get this response (0: none).
    public var redirects: Int = 0
    /// Timing of the final attempt and of the whole exchange.
    public var timing: Timing
    /// Set only in the stand-in response a retry handler gets when the attempt failed without an
    /// HTTP response (transport error, failing filter): what went wrong, redacted.
    public var failure: String?

    /// Timing figures in milliseconds.
    public struct Timing: Sendable, Equatable {
        /// The final attempt, from send to last byte.
        public var attemptMilliseconds: Double
        /// All attempts, filters and retry delays together.
        public var totalMilliseconds: Double
        /// 1 for the first try.
        public var attempts: Int
        /// Time spent waiting for retries (delays, possibly cut short by early retry).
        public var waitedMilliseconds: Double
        /// When the pipeline started the request.
        public var startedAt: Date

        public init(attemptMilliseconds: Double = 0, totalMilliseconds: Double = 0, attempts: Int = 1,
                    waitedMilliseconds: Double = 0, startedAt: Date = Date()) {
            self.attemptMilliseconds = attemptMilliseconds
            self.totalMilliseconds = totalMilliseconds
            self.attempts = attempts
            self.waitedMilliseconds = waitedMilliseconds
            self.startedAt = startedAt
        }
    }

    public init(status: Int, headers: HTTPHeaderFields = [], body: Data = Data(), request: HTTPRequest,
                timing: Timing = Timing(), failure: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
        self.timing = timing
        self.failure = failure
    }

    /// The URL that answered: the request's after any redirects. Resolve relative URIs in the
    /// body against this, not against the URL first asked for.
    public var finalURL: URL { request.url }

    /// 200...299.
    public var isSuccess: Bool { (200...299).contains(status) }
}
