import Foundation
import SystemSupport

/// One attempt of one request, as the log file and the TUI's request log show it.
/// Never holds a query, header value or body: nothing secret.
///
/// ```swift
/// for record in pipeline.requestLog.snapshot() { print(record) }
/// // #12 GET apiEvents 127.0.0.1:8080/v1/events 200 attempt 1 wait 0.00 s 4 ms 1532 B
/// ```
public struct RequestRecord: Sendable, Equatable, CustomStringConvertible {
    /// Increases by one per record over the life of the log.
    public var sequence: Int
    /// When the attempt started.
    public var date: Date
    public var kind: HTTPRequestKind
    public var method: String
    /// `host[:port]/path`, without query or fragment.
    public var target: String
    /// The HTTP status; nil when no response arrived.
    public var status: Int?
    /// Why the attempt failed (redacted), nil on success.
    public var error: String?
    /// 1 for the first try.
    public var attempt: Int
    /// Seconds waited before this attempt (0 for the first).
    public var delay: Double
    /// Duration of the attempt in milliseconds.
    public var milliseconds: Double
    /// Body bytes received.
    public var bytes: Int
    /// Selected response headers (``RecordedHeaders``), values redacted.
    public var headers: HTTPHeaderFields

    public init(sequence: Int = 0, date: Date = Date(), kind: HTTPRequestKind, method: String, target: String,
                status: Int?, error: String? = nil, attempt: Int, delay: Double, milliseconds: Double, bytes: Int,
                headers: HTTPHeaderFields = []) {
        self.sequence = sequence
        self.date = date
        self.kind = kind
        self.method = method
        self.target = target
        self.status = status
        self.error = error
        self.attempt = attempt
        self.delay = delay
        self.milliseconds = milliseconds
        self.bytes = bytes
        self.headers = headers
    }

    /// True for a 2xx answer.
    public var isSuccess: Bool { status.map { (200...299).contains($0) } ?? false }

    public var description: String {
        let outcome = status.map(String.init) ?? "---"
        let failure = error.map { " error: \($0)" } ?? ""
        return "#\(sequence) \(method) \(kind.rawValue) \(target) \(outcome) attempt \(attempt) "
            + "wait \(delay.fixed(2)) s \(milliseconds.fixed(0)) ms \(bytes) B" + failure
    }
}
