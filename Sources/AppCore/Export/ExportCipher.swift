import CryptoExtras
import Foundation

/// AES-128-CBC decryption of an HLS segment (`#EXT-X-KEY:METHOD=AES-128`): the 16-byte key, the
/// piece's IV, PKCS#7 padding removed. With swift-crypto (BoringSSL), no cipher of our own.
///
/// ```swift
/// let clear = try ExportCipher.decrypt(segment, key: key, iv: piece.encryption!.iv)
/// ```
enum ExportCipher {
    /// - Throws: ``ExportError`` when the key is not 16 bytes or the data does not decrypt
    ///   (a wrong key shows as bad padding).
    static func decrypt(_ data: Data, key: Data, iv: [UInt8], what: String) throws -> Data {
        guard key.count == 16 else {
            throw ExportError("the AES-128 key of \(what) is \(key.count) bytes, not 16: the server sent something else than a key")
        }
        do {
            return try AES._CBC.decrypt(data, using: SymmetricKey(data: key), iv: AES._CBC.IV(ivBytes: iv))
        } catch {
            throw ExportError("\(what) does not decrypt with its AES-128 key (\(data.count) bytes; wrong key or damaged segment)")
        }
    }
}
