import Foundation
@testable import Networking
import Testing

/// The two written forms of a certificate's SHA-256 and the host:port a pin belongs to.
@Suite struct CertificateFingerprintTests {
    /// 32 bytes 0x00, 0x01 … 0x1F, in both forms.
    static let bytes = (0..<32).map { UInt8($0) }
    static let hex = (0..<32).map { String(format: "%02X", $0) }.joined(separator: ":")
    static let base64 = "SHA256:" + Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")

    @Test("either form reads, as ssh and openssl write them", arguments: [
        base64, base64 + "=", "sha256:" + base64.dropFirst(7),
        hex, hex.lowercased(), hex.replacingOccurrences(of: ":", with: ""),
        "sha256 Fingerprint=" + hex, "SHA256 Fingerprint=" + hex, "  " + hex + " ",
    ])
    func readsEitherForm(text: String) throws {
        let fingerprint = try CertificateFingerprint(parsing: text)
        #expect(fingerprint.bytes == Self.bytes)
        #expect(fingerprint.hexForm == Self.hex)
        #expect(fingerprint.base64Form == Self.base64)
        #expect(fingerprint.description == Self.base64)
    }

    @Test("anything else names both forms", arguments: [
        "", "SHA256:", "SHA256:abc", String(hex.dropLast(3)), hex + ":00", "MD5:" + base64.dropFirst(7),
        hex.replacingOccurrences(of: "1F", with: "1G"),
    ])
    func refusesOthers(text: String) {
        #expect(throws: CertificateFingerprintError(text: text)) { try CertificateFingerprint(parsing: text) }
        #expect(CertificateFingerprintError(text: text).description.contains("give SHA256:<base64> (ssh's form) or 32 colon-separated hex bytes"))
    }

    @Test func serverAddressesAreHostAndPortWithTheSchemesDefault() throws {
        #expect(ServerAddress(url: URL(string: "https://NVR.Local:8971/api/")!)?.description == "nvr.local:8971")
        #expect(ServerAddress(url: URL(string: "https://nvr.local")!)?.description == "nvr.local:443")
        #expect(ServerAddress(url: URL(string: "http://nvr.local")!)?.description == "nvr.local:80")
        #expect(ServerAddress(url: URL(string: "https://[fd00::1]:8971")!)?.description == "[fd00::1]:8971")
        #expect(ServerAddress(url: URL(string: "ftp://nvr.local")!) == nil)
        #expect(ServerAddress(parsing: "[fd00::1]:8971") == ServerAddress(host: "fd00::1", port: 8971))
        #expect(ServerAddress(parsing: "nvr.local:8971") == ServerAddress(host: "nvr.local", port: 8971))
        #expect(ServerAddress(parsing: "nvr.local") == nil)
        #expect(ServerAddress(parsing: "fd00::1:8971") == nil)
        #expect(ServerAddress(parsing: "nvr.local:0") == nil)
        #expect(ServerAddress(host: "127.0.0.1", port: 1).isIPAddress)
        #expect(ServerAddress(host: "::1", port: 1).isIPAddress)
        #expect(!ServerAddress(host: "nvr.local", port: 1).isIPAddress)
    }
}
