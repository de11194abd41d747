import DemoBackend
import Foundation
import NIOHTTP1
import Testing

/// A Frigate-flavoured demo server, an HTTP client, and a signed-in admin.
public struct FrigateDemo: Sendable {
    public let demo: DemoHarness
    public let admin: String

    public static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg", "/opt/homebrew/bin/ffmpeg"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    public static func with(_ configure: (inout DemoConfiguration) -> Void = { _ in },
                     _ body: (FrigateDemo) async throws -> Void) async throws {
        try await DemoHarness.with({ configuration in
            configuration.flavor = .frigate
            configure(&configuration)
        }) { demo in
            var admin = ""
            if demo.server.configuration.frigate.requiresAuth {
                let login = try await Self.login(demo, DemoAccount.frigateUser, DemoAccount.frigatePassword)
                admin = try #require(login.headers.first(name: "Set-Cookie").flatMap(Self.token(fromSetCookie:)))
            }
            try await body(FrigateDemo(demo: demo, admin: admin))
        }
    }

    /// The demo's Frigate flavour started in-process and a fresh ``Binary`` signed in to it as its
    /// admin (`eventplayer login`), as a user who then just runs `eventplayer`: for the TUI's tests.
    /// Stop the server when done (`defer { Task { await server.stop() } }`).
    public static func signedInBinary(_ configure: (inout DemoConfiguration) -> Void = { _ in }) async throws -> (DemoServer, Binary) {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configure(&configuration)
        let server = try await DemoServer.start(configuration)
        let binary = try Binary()
        let login = try await binary.loginFrigate(server.baseURL)
        guard login.status == 0 else {
            await server.stop()
            throw DemoSetupError(message: "login failed: \(login.stderr)")
        }
        return (server, binary)
    }

    /// A test's demo could not be set up.
    public struct DemoSetupError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    public static func credentials(_ user: String, _ password: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: ["user": user, "password": password]), as: UTF8.self)
    }

    private static func login(_ demo: DemoHarness, _ user: String, _ password: String) async throws -> DemoHarness.Answer {
        try await demo.request(.POST, "/api/login", body: credentials(user, password))
    }

    public func login(_ user: String = DemoAccount.frigateUser, _ password: String = DemoAccount.frigatePassword) async throws -> DemoHarness.Answer {
        try await Self.login(demo, user, password)
    }

    /// A fresh JWT for `user`.
    public func token(_ user: String = DemoAccount.frigateUser, _ password: String = DemoAccount.frigatePassword) async throws -> String {
        let answer = try await login(user, password)
        return try #require(answer.headers.first(name: "Set-Cookie").flatMap(Self.token(fromSetCookie:)), "\(answer.status) \(answer.text)")
    }

    public static func token(fromSetCookie value: String) -> String? {
        guard value.hasPrefix("frigate_token=") else { return nil }
        return value.dropFirst("frigate_token=".count).split(separator: ";").first.map(String.init)
    }

    /// A base64url JWT part as JSON.
    public static func decode(_ part: Substring) throws -> NSDictionary {
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        let data = try #require(Data(base64Encoded: text))
        return try #require(try JSONSerialization.jsonObject(with: data) as? NSDictionary)
    }

    /// `method path` as the admin (Bearer), or as `token`'s user.
    public func request(_ method: HTTPMethod, _ path: String, token: String? = nil, headers: [(String, String)] = [],
                 body: String? = nil) async throws -> DemoHarness.Answer {
        let auth = admin.isEmpty && token == nil ? [] : [("Authorization", "Bearer \(token ?? admin)")]
        return try await demo.request(method, path, headers: auth + headers, body: body)
    }

    public func get(_ path: String, token: String? = nil, headers: [(String, String)] = []) async throws -> DemoHarness.Answer {
        try await request(.GET, path, token: token, headers: headers)
    }

    /// GET /api/review?`query` (200 expected).
    public func reviews(_ query: String, token: String? = nil, bypass: Bool = false) async throws -> [[String: Any]] {
        let answer = try await get("/api/review" + (query.isEmpty ? "" : "?\(query)"), token: token,
                                   headers: bypass ? [("X-Cache-Bypass", "1")] : [])
        #expect(answer.status == 200, "\(answer.text)")
        return Self.array(answer)
    }

    public static func array(_ answer: DemoHarness.Answer) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: answer.body)) as? [[String: Any]] ?? []
    }

    /// The camera's most recent recording gap (end of the segment before it, start of the one after).
    public func firstGap(camera: String) async throws -> (Double, Double) {
        let now = Date().timeIntervalSince1970
        let segments = Self.array(try await get("/api/\(camera)/recordings?after=\(now - 8 * 3_600)&before=\(now)"))
        let starts = segments.compactMap { $0["start_time"] as? Double }
        for (a, b) in zip(starts, starts.dropFirst()).reversed() where b - a > 10 { return (a + 10, b) }
        throw CancellationError()
    }
}
