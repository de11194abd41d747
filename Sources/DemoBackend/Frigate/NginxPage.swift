import Foundation

/// The answers Frigate's nginx (1.27.4) makes itself: its built-in error pages (`text/html`, CRLF
/// lines, the version in the footer) for a failed `auth_request` (401), a path it does not know
/// (404) or a method `limit_except` refuses (403).
enum NginxPage {
    static let server = "nginx/1.27.4"

    private static let titles = [
        400: "400 Bad Request", 401: "401 Authorization Required", 403: "403 Forbidden", 404: "404 Not Found",
        405: "405 Not Allowed", 416: "416 Requested Range Not Satisfiable", 500: "500 Internal Server Error",
        502: "502 Bad Gateway", 503: "503 Service Temporarily Unavailable",
    ]

    /// nginx's page for `status`.
    static func reply(_ status: Int) -> Reply {
        let title = titles[status] ?? "\(status)"
        let body = "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n"
            + "<hr><center>\(server)</center>\r\n</body>\r\n</html>\r\n"
        return Reply(status: status, headers: [("Content-Type", "text/html")], body: Data(body.utf8))
    }
}
