import Foundation

/// ``NetworkConfig/preprocessHttpRequest`` as a request filter.
struct ClosureRequestFilter: RequestFilter {
    let handler: NetworkConfig.PreprocessHttpRequestHandler
    let timeout: Double
    let sleeper: any NetworkSleeper

    func filter(request: HTTPRequest) async throws -> HTTPRequest {
        switch await answer(within: timeout, sleeper: sleeper, { handler(request.kind, request, $0) }) {
        case .answered(let changed): return changed
        case .cancelled: throw CancellationError()
        case .timedOut:
            throw FilterError("preprocessHttpRequest did not call its completion handler within \(NetworkError.seconds(timeout))",
                              isFatal: true)
        }
    }
}

/// ``NetworkConfig/preprocessHttpResponse`` as a response filter.
struct ClosureResponseFilter: ResponseFilter {
    let handler: NetworkConfig.PreprocessHttpResponseHandler
    let timeout: Double
    let sleeper: any NetworkSleeper

    func filter(response: HTTPResponse) async throws -> HTTPResponse {
        switch await answer(within: timeout, sleeper: sleeper, { handler(response.request.kind, response, $0) }) {
        case .answered(let changed): return changed
        case .cancelled: throw CancellationError()
        case .timedOut:
            throw FilterError("preprocessHttpResponse did not call its completion handler within \(NetworkError.seconds(timeout))",
                              isFatal: true)
        }
    }
}
