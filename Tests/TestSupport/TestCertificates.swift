import Foundation

/// Certificates made for a test with the `openssl` command (scripts/install-deps installs it):
/// a self-signed server certificate like Frigate's default, or a private CA and a server
/// certificate it signed. Every openssl run waits on a thread of its own, off the cooperative pool.
///
/// ```swift
/// let folder = try TestCertificates.folder()
/// let server = try await TestCertificates.selfSigned(in: folder, name: "a")   // CN=nvr.test, IP 127.0.0.1
/// let hex = try await TestCertificates.opensslFingerprint(server.certificate)  // "91:D2:…" as openssl prints it
/// ```
public enum TestCertificates {
    /// A certificate and its private key, PEM files.
    public struct Pair: Sendable {
        public let certificate: String
        public let key: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A fresh temporary folder for certificates.
    public static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ep-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A self-signed P-256 certificate for `CN=nvr.test` and IP 127.0.0.1, valid two days:
    /// `<name>.pem` and `<name>.key` in `folder`.
    public static func selfSigned(in folder: URL, name: String, days: Int = 2) async throws -> Pair {
        let pair = Pair(certificate: folder.appending(path: "\(name).pem").path, key: folder.appending(path: "\(name).key").path)
        try await openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                           "-days", "\(days)", "-subj", "/CN=nvr.test", "-addext", "subjectAltName=IP:127.0.0.1",
                           "-keyout", pair.key, "-out", pair.certificate])
        return pair
    }

    /// A private CA (`CN=Test Home CA`, `<name>-ca.pem`) and a server certificate it signed for
    /// 127.0.0.1 (`<name>.pem`, `<name>.key`).
    public static func signedByAuthority(in folder: URL, name: String) async throws -> (authority: Pair, server: Pair) {
        let authority = Pair(certificate: folder.appending(path: "\(name)-ca.pem").path, key: folder.appending(path: "\(name)-ca.key").path)
        try await openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
                           "-subj", "/CN=Test Home CA", "-addext", "basicConstraints=critical,CA:TRUE",
                           "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                           "-keyout", authority.key, "-out", authority.certificate])
        let server = Pair(certificate: folder.appending(path: "\(name).pem").path, key: folder.appending(path: "\(name).key").path)
        let request = folder.appending(path: "\(name).csr").path
        let extensions = folder.appending(path: "\(name).ext")
        try Data("subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".utf8).write(to: extensions)
        try await openssl(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                           "-subj", "/CN=nvr.home", "-keyout", server.key, "-out", request])
        try await openssl(["x509", "-req", "-in", request, "-CA", authority.certificate, "-CAkey", authority.key,
                           "-CAcreateserial", "-days", "2", "-extfile", extensions.path, "-out", server.certificate])
        return (authority, server)
    }

    /// The certificate's SHA-256 as `openssl x509 -noout -fingerprint -sha256` prints it, after
    /// `Fingerprint=`: `91:D2:…`.
    public static func opensslFingerprint(_ certificate: String) async throws -> String {
        let line = try await openssl(["x509", "-noout", "-fingerprint", "-sha256", "-in", certificate])
        guard let equals = line.firstIndex(of: "=") else { throw Failure(description: "openssl printed \(line)") }
        return line[line.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The certificate's SHA-256 in ssh's form, from openssl alone: `SHA256:` and the unpadded
    /// base64 of the digest of its DER bytes.
    public static func sshFingerprint(_ certificate: String) async throws -> String {
        let quoted = "'" + certificate.replacingOccurrences(of: "'", with: "'\\''") + "'"
        let base64 = try await run(["sh", "-c", "openssl x509 -outform der -in \(quoted) | openssl dgst -sha256 -binary | openssl base64 -A"])
        return "SHA256:" + base64.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "=", with: "")
    }

    /// Runs openssl (on a thread of its own); returns its standard output.
    @discardableResult
    public static func openssl(_ arguments: [String]) async throws -> String {
        try await run(["openssl"] + arguments)
    }

    /// Runs a program found on PATH (on a thread of its own); returns its standard output.
    private static func run(_ arguments: [String]) async throws -> String {
        try await Tmux.offPool {
            let process = Process()
            process.executableURL = URL(filePath: "/usr/bin/env")
            process.arguments = arguments
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure(description: "\(arguments.joined(separator: " ")) failed: \(problem)")
            }
            return text
        }
    }
}
