import DemoBackend
import Foundation

/// The demo's Frigate flavour as Frigate's authenticated port ships: HTTPS with a self-signed
/// certificate made for the test, and that certificate's fingerprint as ssh prints it.
///
/// ```swift
/// let frigate = try await SelfSignedFrigate.start(name: "frigate")
/// defer { Task { await frigate.server.stop() }; frigate.removeFiles() }
/// ```
public struct SelfSignedFrigate: Sendable {
    public let folder: URL
    public let pair: TestCertificates.Pair
    /// `SHA256:<base64>`.
    public let sshFingerprint: String
    public let server: DemoServer

    public static func start(name: String) async throws -> SelfSignedFrigate {
        let folder = try TestCertificates.folder()
        let pair = try await TestCertificates.selfSigned(in: folder, name: name)
        let ssh = try await TestCertificates.sshFingerprint(pair.certificate)
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.tls = DemoTLS(certificateFile: pair.certificate, privateKeyFile: pair.key)
        return SelfSignedFrigate(folder: folder, pair: pair, sshFingerprint: ssh, server: try await DemoServer.start(configuration))
    }

    /// Removes the certificate files.
    public func removeFiles() {
        try? FileManager.default.removeItem(at: folder)
    }
}
