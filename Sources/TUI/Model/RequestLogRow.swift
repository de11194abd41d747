/// One network record for the request-log overlay (`d`).
///
/// ```swift
/// let row = RequestLogRow(kind: "mediaSegment", status: 200, attempts: 1, milliseconds: 12, bytes: 48_128, path: "/media/30-days/evt-endlist/seg1.ts")
/// ```
public struct RequestLogRow: Hashable, Sendable {
    public var kind: String
    /// HTTP status; nil when the request failed without a response.
    public var status: Int?
    public var attempts: Int
    public var milliseconds: Int
    public var bytes: Int
    public var path: String

    public init(kind: String, status: Int?, attempts: Int, milliseconds: Int, bytes: Int, path: String) {
        self.kind = kind
        self.status = status
        self.attempts = attempts
        self.milliseconds = milliseconds
        self.bytes = bytes
        self.path = path
    }
}
