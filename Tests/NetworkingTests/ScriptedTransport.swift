import Foundation
import Synchronization
import Networking

/// An in-test ``HTTPTransport``: answers each request with the next scripted step for its path
/// (the seam the pipeline talks to, not a mock of HTTP). Records what it was sent.
final class ScriptedTransport: HTTPTransport, Sendable {
    enum Step: Sendable {
        case status(Int, headers: HTTPHeaderFields = [], body: String = "")
        case fail(TransportError)
        /// Suspends until the task is cancelled.
        case hang
    }

    private struct Record {
        var scripts: [String: [Step]]
        var sent: [HTTPRequest] = []
        var sentTimeouts: [RequestTimeouts] = []
    }

    private let record: Mutex<Record>

    /// `scripts` by URL path; a path with no step left answers 200 "ok".
    init(_ scripts: [String: [Step]] = [:]) {
        record = Mutex(Record(scripts: scripts))
    }

    convenience init(_ steps: [Step]) {
        self.init(["/r": steps])
    }

    var requests: [HTTPRequest] { record.withLock { $0.sent } }
    var timeouts: [RequestTimeouts] { record.withLock { $0.sentTimeouts } }

    func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        try await execute(request, timeouts: RequestTimeouts(connect: 10, request: timeout))
    }

    func execute(_ request: HTTPRequest, timeouts: RequestTimeouts) async throws -> HTTPResponse {
        let step: Step = record.withLock { record in
            record.sent.append(request)
            record.sentTimeouts.append(timeouts)
            guard var steps = record.scripts[request.url.path], !steps.isEmpty else { return .status(200, body: "ok") }
            let step = steps.removeFirst()
            record.scripts[request.url.path] = steps
            return step
        }
        switch step {
        case .status(let code, let headers, let body):
            return HTTPResponse(status: code, headers: headers, body: Data(body.utf8), request: request)
        case .fail(let error):
            throw error
        case .hang:
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }

    /// Waits (politely, without asserting on time) until `count` requests were sent.
    func waitForRequests(_ count: Int) async {
        for _ in 0..<20_000 where requests.count < count {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A request to the scripted host.
func request(_ path: String = "/r", kind: HTTPRequestKind = .apiEvents, method: String = "GET",
             host: String = "api.test", query: String? = nil) -> HTTPRequest {
    var components = URLComponents()
    components.scheme = "http"
    components.host = host
    components.path = path
    components.query = query
    return HTTPRequest(kind: kind, method: method, url: components.url!)
}

/// The NetworkError that `body` throws, or nil.
func failure(_ body: () async throws -> HTTPResponse) async -> NetworkError? {
    do {
        _ = try await body()
        return nil
    } catch let error as NetworkError {
        return error
    } catch {
        return nil
    }
}

let dropped = TransportError(message: "connection closed by the server")
let refused = TransportError(message: "Connection refused", isConnectFailure: true)
