import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The shared ZoneMinder's monitors and Apache's log, for the tests of live views, camera health
/// and following: a monitor's function changed as ZoneMinder's console changes it (the API, as
/// `admin`), and the requests Apache served counted. Suites that change a monitor take the server
/// alone (``ZoneMinderGate``).
///
/// ```swift
/// try await zm.setFunction("None", monitor: 2)      // zmc of monitor 2 stops: NotRunning
/// defer { Task { try? await zm.setFunction("Record", monitor: 2) } }
/// ```
extension ZoneMinderServer {
    /// Signs in as ``adminUser`` and answers the access token.
    public func adminToken() async throws -> String {
        var request = URLRequest(url: url.appending(path: "api/host/login.json"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("user=\(Self.formEncoded(adminUser))&pass=\(Self.formEncoded(adminPassword))".utf8)
        let body = try await Self.fetch(request, step: "signing in to \(server) as \(adminUser)")
        struct Login: Decodable { let access_token: String }
        do {
            return try JSONDecoder().decode(Login.self, from: body).access_token
        } catch {
            throw Failure(step: "signing in to \(server) as \(adminUser)", details: "no access_token")
        }
    }

    /// Sets monitor `id`'s function (`None`, `Monitor`, `Record`…) with `POST api/monitors/<id>.json`
    /// as `admin`: ZoneMinder stops its capture daemon and starts it again when the function
    /// captures (a stopped zmc writes `NotRunning` in `Monitor_Status`).
    public func setFunction(_ function: String, monitor id: Int) async throws {
        let token = try await adminToken()
        var request = URLRequest(url: url.appending(path: "api/monitors/\(id).json")
            .appending(queryItems: [URLQueryItem(name: "token", value: token)]))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("Monitor%5BFunction%5D=\(Self.formEncoded(function))".utf8)
        let body = try await Self.fetch(request, step: "setting the function of monitor \(id) to \(function)")
        guard String(decoding: body, as: UTF8.self).contains("Saved") else {
            throw Failure(step: "setting the function of monitor \(id) to \(function)",
                          details: String(decoding: body.prefix(300), as: UTF8.self))
        }
    }

    /// Apache's access log (`%h %t "%r" %>s %b %D`, one line a request, written when it ends).
    public var accessLog: String { stateDir + "/logs/apache-access.log" }

    /// The lines of ``accessLog`` now.
    public func accessLogLines() -> [String] {
        ((try? String(contentsOfFile: accessLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
