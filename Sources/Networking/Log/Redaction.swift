import Foundation

/// Removes secrets from text before it is logged or shown: `Authorization` values (header or
/// query), bearer tokens, token/password fields in JSON, token-like query parameters.
///
/// ```swift
/// Redaction.redact("GET /a.ts?Authorization=abc123&q=1")   // "GET /a.ts?Authorization=<redacted>&q=1"
/// Redaction.redact("Authorization: Bearer eyJhbGci")        // "Authorization: <redacted>"
/// ```
public enum Redaction {
    /// What replaces a secret.
    public static let placeholder = "<redacted>"

    private static let rules: [(NSRegularExpression, String)] = [
        // Header form "Authorization: [Bearer ]value" (to the end of the value).
        (#"(?i)\b(authorization\s*:\s*)[^\r\n,;]+"#, "$1\(placeholder)"),
        // Query/form "Authorization=value", "token=value", "access_token=...", "sig=..."...
        (#"(?i)([?&;\s]|^)((?:authorization|access_token|refresh_token|token|media_token|key|sig|signature|password)=)[^&\s#"']*"#,
         "$1$2\(placeholder)"),
        // JSON "accessToken": "...", "refreshToken", "token", "password".
        (#"(?i)("(?:access_?token|refresh_?token|token|password|authorization)"\s*:\s*")[^"]*""#,
         "$1\(placeholder)\""),
        // Any leftover "Bearer value".
        (#"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]+"#, "$1\(placeholder)"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    /// `text` with every secret replaced by ``placeholder``.
    public static func redact(_ text: String) -> String {
        var result = text
        for (regex, template) in rules {
            let range = NSRange(result.startIndex..., in: result)
            result = regex.stringByReplacingMatches(in: result, range: range, withTemplate: template)
        }
        return result
    }

    /// Header fields with the values of `Authorization`, `Cookie`, `Set-Cookie` and
    /// `Proxy-Authorization` replaced, for debug output.
    public static func redact(_ headers: HTTPHeaderFields) -> HTTPHeaderFields {
        let secret: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
        return HTTPHeaderFields(headers.map { field in
            (field.name, secret.contains(field.name.lowercased()) ? placeholder : redact(field.value))
        })
    }
}
