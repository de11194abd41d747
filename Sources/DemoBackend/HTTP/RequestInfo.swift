import Foundation

/// The parts of a request the routes need, already read (body collected, query parsed).
struct RequestInfo: Sendable {
    let method: String
    /// Raw path, not percent-decoded.
    let path: String
    /// Raw query, if any.
    let query: String?
    /// Header fields by lower-cased name (first value).
    let headers: [String: String]
    let body: Data

    /// Percent-decoded query items in order (a name may repeat).
    var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (s: Substring) in String(s).removingPercentEncoding ?? String(s) }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The bearer token of `Authorization: Bearer <token>`, nil when absent or another scheme.
    var bearerToken: String? {
        guard let value = header("Authorization") else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The media token: query `Authorization` first, else the raw `Authorization` header.
    var mediaToken: (token: String?, source: DemoRequestRecord.TokenSource) {
        if let token = queryValue("Authorization"), !token.isEmpty { return (token, .query) }
        if let token = header("Authorization"), !token.isEmpty { return (token, .header) }
        return (nil, .none)
    }
}
