@testable import AppCore
import Foundation
@testable import Networking
import TestSupport
import Testing

/// The pin file and the trust-on-first-use decisions, with certificates made by openssl.
@Suite("Pinned certificates: the file, the fingerprints, the decisions", .serialized)
struct CertificatePinStoreTests {
    @Test func fingerprintsAreTheOnesOpensslPrints() async throws {
        let folder = try TestCertificates.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pair = try await TestCertificates.selfSigned(in: folder, name: "nvr")
        let certificate = try #require(try ServerCertificate.load(pemFile: pair.certificate).first)
        #expect(certificate.fingerprint.hexForm == (try await TestCertificates.opensslFingerprint(pair.certificate)))
        #expect(certificate.fingerprint.base64Form == (try await TestCertificates.sshFingerprint(pair.certificate)))
        #expect(certificate.subject == "CN=nvr.test")
        #expect(certificate.isSelfIssued)
        #expect(certificate.names == ["127.0.0.1"])
        #expect(certificate.notValidAfter.timeIntervalSince(certificate.notValidBefore) == 2 * 86400)
        // PEM out and in again is the same certificate.
        #expect(try ServerCertificate.parse(pem: certificate.pem) == [certificate])
    }

    @Test func pinsSurviveInA0600FileAndOneServersPinLeavesTheOthers() async throws {
        let folder = try TestCertificates.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "a")).certificate).first)
        let b = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "b")).certificate).first)
        let store = CertificatePinStore(directory: folder.appending(path: "state/eventplayer"))
        #expect(try store.load().isEmpty)
        let nvr = ServerAddress(host: "nvr.local", port: 8971), six = ServerAddress(host: "fd00::1", port: 8971)
        try store.save(a, for: nvr)
        try store.save(b, for: six)
        #expect(try store.load() == [nvr: a, six: b])
        let mode = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let directoryMode = try FileManager.default.attributesOfItem(atPath: store.fileURL.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(directoryMode == 0o700)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(text.contains("\"[fd00::1]:8971\""))
        #expect(text.contains(a.fingerprint.hexForm))
        try store.save(nil, for: nvr)
        #expect(try store.load() == [six: b])
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.fileURL.deletingLastPathComponent().path) == [CertificatePinStore.fileName])
    }

    @Test func aDamagedFileIsAnErrorNeverAnEmptySetOfPins() async throws {
        let folder = try TestCertificates.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "a")).certificate).first)
        let b = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "b")).certificate).first)
        let store = CertificatePinStore(directory: folder)
        let nvr = ServerAddress(host: "nvr.local", port: 8971)
        try store.save(a, for: nvr)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        try Data(text.replacingOccurrences(of: a.fingerprint.base64Form, with: b.fingerprint.base64Form).utf8).write(to: store.fileURL)
        #expect(throws: CertificatePinStoreError(file: store.fileURL.path, "the certificate of nvr.local:8971 does not match its sha256")) {
            try store.load()
        }
        try Data("{\"servers\": 3}".utf8).write(to: store.fileURL)
        #expect(throws: CertificatePinStoreError(file: store.fileURL.path, "is not the pinned certificates' JSON")) { try store.load() }
        #expect(CertificatePinStoreError(file: "/x", "is not the pinned certificates' JSON").description
            == "pinned certificates: /x: is not the pinned certificates' JSON; fix or remove it (removing it forgets every pin)")
    }

    @Test func decisionsFollowTheVerdictTheFlagAndTheTerminal() async throws {
        let folder = try TestCertificates.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "a")).certificate).first)
        let b = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "b")).certificate).first)
        let (_, leaf) = try await TestCertificates.signedByAuthority(in: folder, name: "home")
        let issued = try #require(try ServerCertificate.load(pemFile: leaf.certificate).first)
        let address = ServerAddress(host: "nvr.local", port: 8971)
        func seen(_ certificate: ServerCertificate, _ verdict: CertificateExamination.Verdict, trusted: Bool = false) -> CertificateExamination {
            CertificateExamination(address: address, presented: certificate, verdict: verdict, trustedWithoutPin: trusted)
        }
        let untrusted = seen(a, .untrusted(.selfSigned))
        #expect(TrustOnFirstUse.decide(untrusted, fingerprint: nil, canAsk: true) == .ask)
        #expect(TrustOnFirstUse.decide(untrusted, fingerprint: a.fingerprint, canAsk: false) == .accept)
        guard case .needsFingerprint(let message) = TrustOnFirstUse.decide(untrusted, fingerprint: nil, canAsk: false) else {
            Issue.record("expected needsFingerprint"); return
        }
        #expect(message.contains("pass --trust-fingerprint \(a.fingerprint.base64Form) to pin it"))
        guard case .refuse(let other) = TrustOnFirstUse.decide(untrusted, fingerprint: b.fingerprint, canAsk: true) else {
            Issue.record("expected refuse"); return
        }
        #expect(other.contains("given \(b.fingerprint); the server's is \(a.fingerprint), \(a.fingerprint.hexForm)"))
        #expect(TrustOnFirstUse.decide(seen(a, .pinned), fingerprint: nil, canAsk: false) == .proceed)
        #expect(TrustOnFirstUse.decide(seen(a, .trusted, trusted: true), fingerprint: nil, canAsk: false) == .proceed)
        #expect(TrustOnFirstUse.decide(seen(b, .changed(pinned: a)), fingerprint: nil, canAsk: true) == .ask)
        guard case .needsFingerprint(let changed) = TrustOnFirstUse.decide(seen(b, .changed(pinned: a)), fingerprint: nil, canAsk: false) else {
            Issue.record("expected needsFingerprint"); return
        }
        #expect(changed.contains("HAS CHANGED since it was pinned (pinned \(a.fingerprint), now \(b.fingerprint), \(b.fingerprint.hexForm))"))
        guard case .refuse(let notPinnable) = TrustOnFirstUse.decide(seen(issued, .untrusted(.unknownIssuer(issued.issuer))),
                                                                     fingerprint: issued.fingerprint, canAsk: true) else {
            Issue.record("expected refuse"); return
        }
        #expect(notPinnable.contains("only a self-signed certificate can be pinned: pass --ca-file"))
        #expect(TrustOnFirstUse.isYes("y") && TrustOnFirstUse.isYes(" YES ") && !TrustOnFirstUse.isYes("") && !TrustOnFirstUse.isYes(nil))

        // The description shows what a user compares with the server.
        let described = TrustOnFirstUse.describe(seen(b, .changed(pinned: a)))
        #expect(described.hasPrefix("WARNING: THE CERTIFICATE OF nvr.local:8971 HAS CHANGED since it was pinned."))
        #expect(described.contains("  fingerprint  \(b.fingerprint)\n               \(b.fingerprint.hexForm)"))
        #expect(TrustOnFirstUse.question(untrusted) == "Trust this certificate for nvr.local:8971? [y/N] ")
    }

    @Test func acceptingPinsInTheFileAndForThisProcess() async throws {
        let folder = try TestCertificates.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try #require(try ServerCertificate.load(pemFile: (try await TestCertificates.selfSigned(in: folder, name: "a")).certificate).first)
        let store = CertificatePinStore(directory: folder)
        let trust = CertificateTrust()
        let address = ServerAddress(host: "nvr.local", port: 8971)
        let line = try TrustOnFirstUse.accept(CertificateExamination(address: address, presented: a, verdict: .untrusted(.selfSigned),
                                                                     trustedWithoutPin: false), trust: trust, pins: store)
        #expect(line == "pinned the certificate of nvr.local:8971 (\(a.fingerprint)) in \(store.fileURL.path)")
        #expect(trust.pinned(for: address) == a)
        #expect(try store.load() == [address: a])
        #expect(trust.configuration(for: URL(string: "https://nvr.local:8971/api")!)?.certificateVerification == .noHostnameVerification)
        #expect(trust.configuration(for: URL(string: "https://other.local:8971/api")!) == nil)
        #expect(trust.configuration(for: URL(string: "http://nvr.local:8971/api")!) == nil)
    }

    @Test func caFileIsReadFromTheFlagOrTheConfigWithTildeAndRelativePaths() throws {
        var config = try AppConfig.parse("ca-file = \"~/certs/home-ca.pem\"\n")
        let home = URL(filePath: "/home/u")
        #expect(config.caFilePath(flag: nil, home: home) == "/home/u/certs/home-ca.pem")
        #expect(config.caFilePath(flag: "/etc/ca.pem", home: home) == "/etc/ca.pem")
        #expect(config.caFilePath(flag: "ca.pem", currentDirectory: URL(filePath: "/work"), home: home) == "/work/ca.pem")
        config.caFile = nil
        #expect(config.caFilePath(flag: nil, home: home) == nil)
        #expect(throws: ConfigError(file: "config.toml", line: 1, "ca-file must be the path of a PEM file of CA certificates, e.g. \"~/.config/eventplayer/home-ca.pem\" (got 3)")) {
            try AppConfig.parse("ca-file = 3\n")
        }
    }
}
