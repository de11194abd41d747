import Foundation
import Networking
import SystemSupport

/// ZoneMinder without its database (MariaDB stopped, unreachable): every API request, the sign-in
/// included, answers `200 text/html` with an empty body, and its web views (`index.php`) answer a
/// "ZoneMinder Error" page, "Unable to connect to ZM db using dsn … SQLSTATE[HY000] [2002] …"
/// (scripts/zoneminder/fixtures/database-down). An API answer of that shape is checked against
/// that page: the server is failing, the URL is right and the session stays.
///
/// ```swift
/// if ZoneMinderClient.isEmptyPage(response),
///    let failure = await ZoneMinderClient.databaseFailure(base: base, pipeline: pipeline) { throw failure }
/// ```
extension ZoneMinderClient {
    /// What ZoneMinder's web views say when they cannot connect to the database.
    static let databaseFailurePhrase = "Unable to connect to ZM db"

    /// True for the answer ZoneMinder's API gives without its database: an HTML (or untyped)
    /// answer with no body where JSON was asked for.
    static func isEmptyPage(_ response: HTTPResponse) -> Bool {
        let type = response.headers["Content-Type"]?.lowercased() ?? ""
        guard type.isEmpty || type.contains("html") else { return false }
        return response.body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// The server's failure when `GET <base>/index.php` (no token: the page comes before any
    /// sign-in) answers ZoneMinder's "cannot connect to its database" page; nil for any other
    /// answer, or none.
    static func databaseFailure(base: URL, server: URL, pipeline: NetworkPipeline) async -> EventsAPIError? {
        let request = HTTPRequest(kind: .apiAuth, url: base.appending(path: "index.php"), headers: [("Accept", "text/html")])
        guard let response = try? await pipeline.send(request) else { return nil }
        return databaseFailure(page: response.body, server: server)
    }

    /// The failure the page `body` says (nil: it is not ZoneMinder's database error page).
    static func databaseFailure(page body: Data, server: URL) -> EventsAPIError? {
        let page = String(decoding: body.prefix(16_384), as: UTF8.self)
        guard page.contains(databaseFailurePhrase) else { return nil }
        // The driver's words, e.g. "SQLSTATE[HY000] [2002] No such file or directory".
        let cause = page.range(of: "SQLSTATE").map { start in
            page[start.lowerBound...].prefix { $0 != "<" && $0 != "\n" }.trimmingCharacters(in: .whitespaces)
        }
        let said = cause.map { ": \(TerminalText.quoted($0, limit: 100))" } ?? ""
        return EventsAPIError(.serverError, "the ZoneMinder server at \(server.absoluteString) is failing: it cannot connect to its database\(said); "
            + "it answers again once its database (MariaDB or MySQL) runs")
    }

    /// `response` unless it is the empty page of a ZoneMinder without its database (then that
    /// failure is thrown; an empty page of anything else is returned for the caller's decoding to
    /// refuse).
    func checked(_ response: HTTPResponse) async throws -> HTTPResponse {
        guard Self.isEmptyPage(response) else { return response }
        if let failure = await Self.databaseFailure(base: base, server: server, pipeline: pipeline) {
            logger.warning("ZoneMinder cannot connect to its database")
            throw failure
        }
        return response
    }
}
