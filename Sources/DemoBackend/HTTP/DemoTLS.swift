import Foundation
import HummingbirdCore
import HummingbirdTLS

/// HTTPS for the demo backend's main listener: a certificate and its private key, PEM files (the
/// tests make a self-signed one with openssl to check certificate pinning and `--ca-file`). The
/// second listener (storage/CDN) stays plain http.
///
/// ```swift
/// var configuration = DemoConfiguration()
/// configuration.tls = DemoTLS(certificateFile: "/tmp/cert.pem", privateKeyFile: "/tmp/key.pem")
/// let server = try await DemoServer.start(configuration)   // server.baseURL is https://127.0.0.1:<port>
/// ```
public struct DemoTLS: Sendable, Equatable {
    /// The server's certificate (PEM; its chain may follow it in the file).
    public var certificateFile: String
    /// The certificate's private key (PEM, unencrypted).
    public var privateKeyFile: String

    public init(certificateFile: String, privateKeyFile: String) {
        self.certificateFile = certificateFile
        self.privateKeyFile = privateKeyFile
    }

    /// The listener's HTTP server: HTTP/1.1, inside TLS when `tls` is given.
    /// - Throws: ``DemoBackendError`` when the certificate or the key cannot be read.
    static func server(_ tls: DemoTLS?) throws -> HTTPServerBuilder {
        guard let tls else { return .http1() }
        do {
            let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateFile)
            let key = try NIOSSLPrivateKey(file: tls.privateKeyFile, format: .pem)
            let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) },
                                                                         privateKey: .privateKey(key))
            return try .tls(.http1(), tlsConfiguration: configuration)
        } catch {
            throw DemoBackendError(.startFailed, "demo backend: cannot use the TLS certificate \(tls.certificateFile) and key \(tls.privateKeyFile): \(error)")
        }
    }

    /// The scheme of the main listener's URLs.
    static func scheme(_ tls: DemoTLS?) -> String {
        tls == nil ? "http" : "https"
    }
}
