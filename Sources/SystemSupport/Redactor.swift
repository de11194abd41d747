import Foundation
import Synchronization

/// The one redaction for every message shown, printed or logged: removes `Authorization` values
/// (header or query), bearer tokens, token/password fields in JSON, token-like query parameters,
/// the `user:password@` of a URL, and every secret registered at run time (the session's tokens,
/// media tokens, the password) wherever they appear.
///
/// ```swift
/// Redactor.shared.register(session.accessToken)
/// Redactor.shared.redact("GET /a.ts?Authorization=abc123&q=1")   // "GET /a.ts?Authorization=<redacted>&q=1"
/// Redactor.shared.redact("Authorization: Bearer eyJhbGci")        // "Authorization: <redacted>"
/// Redactor.shared.redact("http://bob:hunter2@cam.example/v1")    // "http://<redacted>@cam.example/v1"
/// ```
public final class Redactor: Sendable {
    /// The process-wide redactor: the log handler, error lines, the TUI and `play` use it.
    public static let shared = Redactor()

    /// What replaces a secret.
    public static let placeholder = "<redacted>"

    private let secrets = Mutex<Set<String>>([])

    public init() {}

    /// Adds a value that must never appear in text shown or logged. Values shorter than 6
    /// characters are ignored (they would blank out ordinary words).
    public func register(_ secret: String) {
        guard secret.count >= 6 else { return }
        secrets.withLock { _ = $0.insert(secret) }
    }

    /// `text` with every secret replaced by ``placeholder``.
    public func redact(_ text: String) -> String {
        var result = text
        // Longest first, so a secret containing another is replaced whole.
        for secret in secrets.withLock({ $0 }).sorted(by: { $0.count > $1.count }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
        }
        return Self.redactPatterns(result)
    }

    private static let rules: [(NSRegularExpression, String)] = [
        // Header form "Authorization: [Bearer ]value" (to the end of the value).
        (#"(?i)\b((?:proxy-)?authorization\s*:\s*)[^\r\n,;]+"#, "$1\(placeholder)"),
        // Query/form "Authorization=value", "token=value", "access_token=...", "sig=..."...
        (#"(?i)([?&;\s]|^)((?:authorization|access_token|refresh_token|token|media_token|frigate_token|key|sig|signature|password|pass)=)[^&\s#"']*"#,
         "$1$2\(placeholder)"),
        // JSON "accessToken": "...", "refreshToken", "token", "password".
        (#"(?i)("(?:access_?token|refresh_?token|token|password|authorization)"\s*:\s*")[^"]*""#,
         "$1\(placeholder)\""),
        // Any leftover "Bearer value".
        (#"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]+"#, "$1\(placeholder)"),
        // A JSON Web Token anywhere (Frigate's session: `eyJ…` header and claims, then the signature).
        (#"\beyJ[A-Za-z0-9_-]{4,}\.eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*"#, placeholder),
        // The user information of a URL: "scheme://user:password@host".
        (#"(?i)\b([a-z][a-z0-9+.-]*://)[^/\s@?#"'<>]+@"#, "$1\(placeholder)@"),
    ].map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    /// Words one of ``rules`` needs to match (lowercase ASCII): ASCII text with none of them is left
    /// as it is without running (or, for the first line logged at start, compiling) the
    /// expressions. Text with any other character always runs them (their case-insensitive
    /// matching folds some non-ASCII letters to these words, such as the Kelvin sign to k).
    private static let ruleWords = ["authorization", "token", "key", "sig", "pass", "bearer", "@", "eyj"]

    /// True when `text` holds one of ``ruleWords``, in any ASCII case, or any non-ASCII character.
    static func mightMatchRules(_ text: String) -> Bool {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return true }
        let lowercased = text.lowercased()
        return ruleWords.contains { lowercased.contains($0) }
    }

    /// `text` with the known secret shapes replaced (no registered secrets).
    static func redactPatterns(_ text: String) -> String {
        guard mightMatchRules(text) else { return text }
        var result = text
        for (regex, template) in rules {
            let range = NSRange(result.startIndex..., in: result)
            result = regex.stringByReplacingMatches(in: result, range: range, withTemplate: template)
        }
        return result
    }
}
