import Foundation
import Networking
import Synchronization

/// Removes secrets from text before it is logged: the patterns of Networking's ``Redaction``
/// (`Authorization` values, bearer tokens, token and password fields) plus every secret registered
/// at run time (the session's tokens, media tokens, the password), wherever they appear.
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
            result = result.replacingOccurrences(of: secret, with: Redaction.placeholder)
        }
        return Redaction.redact(result)
    }
}
