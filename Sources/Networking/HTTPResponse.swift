import Foundation

/// A complete response, with the request that it answers and how long it took.
public struct HTTPResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Response header fields.
    public var headers: HTTPHeaderFields
    /// The whole body.
    public var body: Data
    /// The request (after request filters) that this answers.
    public var request: HTTPRequest
    /// Timing of the final attempt and of the whole exchange.
    public var timing: Timing

    /// Timing figures in milliseconds.
    public struct Timing: Sendable, Equatable {
        /// The final attempt, from send to last byte.
        public var attemptMilliseconds: Double
        /// All attempts and retry delays together.
        public var totalMilliseconds: Double
        /// 1 for the first try.
        public var attempts: Int

        public init(attemptMilliseconds: Double = 0, totalMilliseconds: Double = 0, attempts: Int = 1) {
            self.attemptMilliseconds = attemptMilliseconds
            self.totalMilliseconds = totalMilliseconds
            self.attempts = attempts
        }
    }

    public init(status: Int, headers: HTTPHeaderFields = [], body: Data = Data(), request: HTTPRequest,
                timing: Timing = Timing()) {
        self.status = status
        self.headers = headers
        self.body = body
        self.request = request
        self.timing = timing
    }

    /// 200...299.
    public var isSuccess: Bool { (200...299).contains(status) }
}
