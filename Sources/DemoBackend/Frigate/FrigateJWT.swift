import Crypto
import Foundation

/// Frigate's session token: an HS256 JWT made as `create_encoded_jwt` makes it (joserfc: header
/// `{"alg":"HS256","typ":"JWT"}`, claims `sub`, `role`, `exp`, `iat`), signed with a secret of 64
/// random bytes drawn when the server starts (Frigate's `secrets.token_hex(64)`, read as hex).
///
/// ```swift
/// let signer = FrigateJWT()
/// let token = signer.make(user: "admin", role: "admin", expiration: 1_718_086_400, issuedAt: 1_718_000_000)
/// signer.claims(of: token)?.role   // "admin"
/// ```
struct FrigateJWT: Sendable {
    /// What `auth()` reads from a token whose signature holds.
    struct Claims: Sendable, Equatable {
        let user: String?
        let role: String?
        let expiration: Int?
        let issuedAt: Int?
    }

    private let key: SymmetricKey

    init(secret: Data? = nil) {
        key = SymmetricKey(data: secret ?? Data((0..<64).map { _ in UInt8.random(in: 0...255) }))
    }

    func make(user: String, role: String, expiration: Int, issuedAt: Int) -> String {
        let header = FrigateJSON.object([("alg", .string("HS256")), ("typ", .string("JWT"))])
        let claims = FrigateJSON.object([
            ("sub", .string(user)), ("role", .string(role)), ("exp", .int(expiration)), ("iat", .int(issuedAt)),
        ])
        let signingInput = Self.base64URL(header.data) + "." + Self.base64URL(claims.data)
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + Self.base64URL(Data(signature))
    }

    /// The claims of a well-formed HS256 token signed with this server's secret; nil otherwise
    /// (Frigate's `jwt.decode` raises, and `auth()` answers 401).
    func claims(of token: String) -> Claims? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3,
              let headerData = Self.data(base64URL: parts[0]), let claimsData = Self.data(base64URL: parts[1]),
              let signature = Self.data(base64URL: parts[2]),
              let header = (try? JSONSerialization.jsonObject(with: headerData)) as? [String: Any],
              header["alg"] as? String == "HS256", (header["typ"] as? String).map({ $0 == "JWT" }) ?? true,
              HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: Data("\(parts[0]).\(parts[1])".utf8), using: key),
              let claims = (try? JSONSerialization.jsonObject(with: claimsData)) as? [String: Any]
        else { return nil }
        return Claims(user: claims["sub"] as? String, role: claims["role"] as? String,
                      expiration: Self.integer(claims["exp"]), issuedAt: Self.integer(claims["iat"]))
    }

    private static func integer(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? Int(double.rounded(.towardZero)) : nil
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }
}
