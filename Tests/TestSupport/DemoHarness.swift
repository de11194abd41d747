import AsyncHTTPClient
import DemoBackend
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A demo server on port 0 plus an HTTP client, both shut down when the body returns or throws.
public struct DemoHarness: Sendable {
    public struct Answer: Sendable {
        public let status: Int
        public let headers: HTTPHeaders
        public let body: Data

        public var text: String { String(decoding: body, as: UTF8.self) }
        public var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        public var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        public var contentType: String? { headers.first(name: "Content-Type") }
    }

    public let server: DemoServer
    public let client: HTTPClient

    public static func with(
        _ configure: (inout DemoConfiguration) -> Void = { _ in },
        _ body: (DemoHarness) async throws -> Void
    ) async throws {
        var configuration = DemoConfiguration()
        configuration.generatedEventCount = 200
        configure(&configuration)
        let server = try await DemoServer.start(configuration)
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        do {
            try await body(DemoHarness(server: server, client: client))
        } catch {
            try? await client.shutdown()
            await server.stop()
            throw error
        }
        try await client.shutdown()
        await server.stop()
    }

    /// `pathOrURL` is a path under the base URL or an absolute URL.
    public func request(
        _ method: HTTPMethod = .GET, _ pathOrURL: String, headers: [(String, String)] = [], body: String? = nil
    ) async throws -> Answer {
        let url = pathOrURL.hasPrefix("http") ? pathOrURL : server.baseURL.absoluteString + pathOrURL
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(30))
        let buffer = try await response.body.collect(upTo: 16 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Data(buffer.readableBytesView))
    }

    public func get(_ pathOrURL: String, bearer: String? = nil, headers: [(String, String)] = []) async throws -> Answer {
        try await request(.GET, pathOrURL, headers: headers + (bearer.map { [("Authorization", "Bearer \($0)")] } ?? []))
    }

    public func signIn(email: String = DemoAccount.email, password: String = DemoAccount.password) async throws -> Answer {
        let body = try String(decoding: JSONSerialization.data(withJSONObject: ["email": email, "password": password]), as: UTF8.self)
        return try await request(.POST, "/v1/auth/sign-in", body: body)
    }

    /// Signs in with the demo account and returns the access token.
    public func accessToken() async throws -> String {
        let answer = try await signIn()
        #expect(answer.status == 200)
        return try #require(answer.json["accessToken"] as? String)
    }

    /// The media tokens by bucket.
    public func mediaTokens(_ access: String) async throws -> [String: String] {
        let answer = try await get("/v1/events/tokens", bearer: access)
        #expect(answer.status == 200)
        let tokens = try #require(answer.json["tokens"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: tokens.map { ($0["bucket"] as! String, $0["token"] as! String) })
    }

    /// Events of one page (as dictionaries) and the next cursor.
    public func page(_ query: String, bearer: String) async throws -> (events: [[String: Any]], next: String?) {
        let answer = try await get("/v1/events?\(query)", bearer: bearer)
        #expect(answer.status == 200, "\(answer.text)")
        return ((answer.json["events"] as? [[String: Any]]) ?? [], answer.json["nextCursor"] as? String)
    }

    /// The event with `id` from the first pages.
    public func event(_ id: String, bearer: String) async throws -> [String: Any] {
        let (events, _) = try await page("limit=500", bearer: bearer)
        return try #require(events.first { $0["id"] as? String == id })
    }
}
