import Crypto
import Foundation
import SystemSupport

/// The SHA-256 of a certificate (its DER bytes), in the two forms users meet: ssh's
/// `SHA256:<base64>` and the colon-separated hex that `openssl x509 -noout -fingerprint -sha256`
/// prints (and Frigate's users copy).
///
/// ```swift
/// let fingerprint = try CertificateFingerprint(parsing: "sha256 Fingerprint=AB:CD:…")   // or "SHA256:q83…"
/// fingerprint.base64Form   // "SHA256:q83…" (no padding, as ssh prints it)
/// fingerprint.hexForm      // "AB:CD:…" (upper case, as openssl prints it)
/// ```
public struct CertificateFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// The 32 bytes of the digest.
    public let bytes: [UInt8]

    /// The fingerprint of a certificate's DER bytes.
    public init(of der: [UInt8]) {
        bytes = Array(SHA256.hash(data: der))
    }

    /// Reads either form: `SHA256:` and base64 (with or without `=` padding), or 32 hex bytes
    /// with or without colons, optionally after openssl's `sha256 Fingerprint=` (any case).
    /// - Throws: ``CertificateFingerprintError`` naming the forms.
    public init(parsing text: String) throws(CertificateFingerprintError) {
        var value = text.trimmingCharacters(in: .whitespaces)
        if let equals = value.range(of: "fingerprint=", options: .caseInsensitive) {
            value = String(value[equals.upperBound...])
        }
        if value.lowercased().hasPrefix("sha256:") {
            var base64 = String(value.dropFirst("sha256:".count))
            while base64.count % 4 != 0 { base64 += "=" }
            guard let data = Data(base64Encoded: base64), data.count == 32 else { throw CertificateFingerprintError(text: text) }
            bytes = Array(data)
            return
        }
        let hex = value.replacingOccurrences(of: ":", with: "")
        guard hex.count == 64, hex.allSatisfy(\.isHexDigit) else { throw CertificateFingerprintError(text: text) }
        var parsed: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { throw CertificateFingerprintError(text: text) }
            parsed.append(byte)
            index = next
        }
        bytes = parsed
    }

    /// `SHA256:` and the unpadded base64 of the digest, as ssh writes fingerprints.
    public var base64Form: String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return "SHA256:" + text
    }

    /// The digest as upper-case hex bytes joined by colons, as openssl writes it.
    public var hexForm: String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    public var description: String { base64Form }
}

/// A `--trust-fingerprint` value that is neither form of a SHA-256 fingerprint.
public struct CertificateFingerprintError: Error, Sendable, Equatable, CustomStringConvertible {
    public let text: String

    public var description: String {
        "`\(TerminalText.printable(text))` is not a SHA-256 fingerprint: give SHA256:<base64> (ssh's form) or 32 colon-separated hex bytes "
            + "(what `openssl x509 -noout -fingerprint -sha256` prints)"
    }
}
