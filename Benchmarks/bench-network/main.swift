// bench-network: the pipeline's added cost per request (filters + retry bookkeeping + request
// log) next to a bare async-http-client request, against the in-process demo backend.
//
//   swift run -c release bench-network [requests]      (default 2000, at least 1000)
//
// Both sides use the same HTTPClient (HTTPClient.shared) and the same request
// (GET /v1/events/tokens with a bearer token); they run in alternating blocks so that drift
// (CPU frequency, other processes) hits both alike. Prints figures, asserts nothing.
import AsyncHTTPClient
import DemoBackend
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Networking

struct BearerFilter: RequestFilter {
    let token: String
    func filter(request: HTTPRequest) async throws -> HTTPRequest {
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        return request
    }
}

struct RequireJSON: ResponseFilter {
    func filter(response: HTTPResponse) async throws -> HTTPResponse {
        guard response.headers["Content-Type"]?.contains("json") ?? true else {
            throw FilterError.notUnderstood("expected JSON")
        }
        return response
    }
}

func stats(_ samples: [Double]) -> (mean: Double, median: Double) {
    let sorted = samples.sorted()
    let mean = sorted.reduce(0, +) / Double(sorted.count)
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 0 ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    return (mean, median)
}

let total = max(1000, CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2000)
let blockSize = 100
var demoConfiguration = DemoConfiguration()
demoConfiguration.resourcesDirectory = ProcessInfo.processInfo.environment["EVENTPLAYER_RESOURCES"].map(URL.init(fileURLWithPath:))
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources")
let server = try await DemoServer.start(demoConfiguration)
let base = server.baseURL
let client = HTTPClient.shared

// Sign in once for a bearer token.
var signIn = HTTPClientRequest(url: base.appendingPathComponent("v1/auth/sign-in").absoluteString)
signIn.method = .POST
signIn.headers.add(name: "Content-Type", value: "application/json")
signIn.body = .bytes(ByteBuffer(string: #"{"email":"\#(DemoAccount.email)","password":"\#(DemoAccount.password)"}"#))
let signedIn = try await client.execute(signIn, timeout: .seconds(10))
let signInBody = try await signedIn.body.collect(upTo: 1 << 20)
guard signedIn.status == .ok,
      let json = try JSONSerialization.jsonObject(with: Data(signInBody.readableBytesView)) as? [String: Any],
      let token = json["accessToken"] as? String else {
    print("bench-network: sign-in failed with HTTP \(signedIn.status.code)")
    exit(1)
}

let url = base.appendingPathComponent("v1/events/tokens")
let pipeline = NetworkPipeline(
    transport: AsyncHTTPClientTransport(client: client),
    requestLog: RequestLog(capacity: 500),
    logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
pipeline.add(requestFilter: BearerFilter(token: token))
pipeline.add(responseFilter: RequireJSON())

func viaPipeline() async throws -> Double {
    let start = ContinuousClock.now
    let response = try await pipeline.send(HTTPRequest(kind: .apiTokens, url: url))
    precondition(response.status == 200)
    return (ContinuousClock.now - start).milliseconds
}

func bare() async throws -> Double {
    let start = ContinuousClock.now
    var request = HTTPClientRequest(url: url.absoluteString)
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    let response = try await client.execute(request, timeout: .seconds(30))
    let body = try await response.body.collect(upTo: 256 << 20)
    precondition(response.status == .ok && body.readableBytes > 0)
    return (ContinuousClock.now - start).milliseconds
}

// Warm up both paths (connections, caches), then measure in alternating blocks.
for _ in 0..<100 {
    _ = try await viaPipeline()
    _ = try await bare()
}
var pipelineTimes: [Double] = []
var bareTimes: [Double] = []
var done = 0
while done < total {
    let count = min(blockSize, total - done)
    for _ in 0..<count { bareTimes.append(try await bare()) }
    for _ in 0..<count { pipelineTimes.append(try await viaPipeline()) }
    done += count
}
await server.stop()

let p = stats(pipelineTimes)
let b = stats(bareTimes)
func format(_ ms: Double) -> String { String(format: "%8.1f µs", ms * 1000) }
print("bench-network: \(total) requests each, GET /v1/events/tokens on the demo backend, blocks of \(blockSize), alternating")
print("                        mean        median")
print("bare AHC          \(format(b.mean))   \(format(b.median))")
print("pipeline          \(format(p.mean))   \(format(p.median))   (2 filters, retry bookkeeping, request log)")
print("overhead          \(format(p.mean - b.mean))   \(format(p.median - b.median))")
print(String(format: "ratio pipeline/bare  %.3f (mean)   %.3f (median)", p.mean / b.mean, p.median / b.median))
