/// A filter for both sides; implement either method, the other is a no-op.
///
/// ```swift
/// struct Tracer: NetworkFilter {
///     func filter(request: HTTPRequest) async throws -> HTTPRequest {
///         var request = request
///         request.headers["X-Trace"] = "1"
///         return request
///     }
/// }
/// pipeline.add(filter: Tracer())
/// ```
public protocol NetworkFilter: RequestFilter, ResponseFilter {}

extension NetworkFilter {
    public func filter(request: HTTPRequest) async throws -> HTTPRequest { request }
    public func filter(response: HTTPResponse) async throws -> HTTPResponse { response }
}
