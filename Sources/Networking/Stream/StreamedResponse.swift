/// A response whose head has passed the pipeline (status 2xx, response filters, retries) and
/// whose body is still arriving.
///
/// ```swift
/// let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: url))
/// print(streamed.head.status, streamed.head.headers["Content-Length"] ?? "?")
/// for try await chunk in streamed.body { ... }
/// ```
public struct StreamedResponse: Sendable {
    /// Status, headers, request and timing; its `body` is empty.
    public var head: HTTPResponse
    /// The body, not read yet (its first chunk may already be buffered).
    public var body: HTTPBodyStream

    public init(head: HTTPResponse, body: HTTPBodyStream) {
        self.head = head
        self.body = body
    }
}
