import Foundation
import Synchronization

/// Removes secrets from text before it is logged or shown: `Authorization` values (query item
/// and header), bearer tokens, JSON `password`/`accessToken`/`refreshToken`/`token` fields, and
/// every secret registered at run time (the session's tokens, media tokens, the password).
///
/// ```swift
/// Redactor.shared.register(session.accessToken)
/// logger.info("\(Redactor.shared.redact(url.absoluteString))")
/// ```
public final class Redactor: Sendable {
    /// The process-wide redactor used by the log handler.
    public static let shared = Redactor()

    private let secrets = Mutex<Set<String>>([])

    public init() {}

    /// Adds a value that must never appear in logs. Values shorter than 6 characters are ignored
    /// (they would blank out ordinary words).
    public func register(_ secret: String) {
        guard secret.count >= 6 else { return }
        secrets.withLock { _ = $0.insert(secret) }
    }

    /// `text` with every secret replaced by `<redacted>`.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets.withLock({ $0 }) where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: "<redacted>")
        }
        result = result.replacing(#/(?i)(authorization=)[^&\s"']+/#) { "\($0.output.1)<redacted>" }
        result = result.replacing(#/(?i)(authorization:\s*)(bearer\s+)?[^\s,"']+/#) { "\($0.output.1)<redacted>" }
        result = result.replacing(#/(?i)(bearer\s+)[A-Za-z0-9._~+\/=-]+/#) { "\($0.output.1)<redacted>" }
        result = result.replacing(#/("(?:password|accessToken|refreshToken|token)"\s*:\s*")[^"]*(")/#) {
            "\($0.output.1)<redacted>\($0.output.2)"
        }
        return result
    }
}
