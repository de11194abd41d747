import Foundation
import NIOSSL
import SystemSupport
import X509

/// One X.509 certificate as eventplayer shows, pins and trusts it: its DER bytes, fingerprint,
/// subject, issuer, validity and the names it is for.
///
/// ```swift
/// let authorities = try ServerCertificate.load(pemFile: "/etc/ssl/private-ca.pem")
/// print(authorities[0].subject, authorities[0].fingerprint.hexForm)
/// ```
public struct ServerCertificate: Sendable, Equatable {
    /// The certificate as DER.
    public let der: [UInt8]
    /// SHA-256 of ``der``.
    public let fingerprint: CertificateFingerprint
    /// The subject as RFC 4514 text (`CN=nvr.local,O=Frigate`), as the server sent it.
    public let subject: String
    /// The issuer, in the same form; equal to ``subject`` for a self-signed certificate.
    public let issuer: String
    public let notValidBefore: Date
    public let notValidAfter: Date
    /// The DNS names and IP addresses of its subject alternative names.
    public let names: [String]

    /// Reads a DER certificate.
    /// - Throws: ``CertificateFileError`` when it is not an X.509 certificate.
    public init(der: [UInt8]) throws {
        let parsed: Certificate
        do { parsed = try Certificate(derEncoded: der) } catch {
            throw CertificateFileError("not an X.509 certificate (\(error))")
        }
        self.der = der
        fingerprint = CertificateFingerprint(of: der)
        subject = parsed.subject.description
        issuer = parsed.issuer.description
        notValidBefore = parsed.notValidBefore
        notValidAfter = parsed.notValidAfter
        let alternatives = (try? parsed.extensions.subjectAlternativeNames).flatMap { $0 } ?? SubjectAlternativeNames()
        names = alternatives.compactMap { name in
            switch name {
            case .dnsName(let dns): return dns
            case .ipAddress(let octets): return Self.address(Array(octets.bytes))
            default: return nil
            }
        }
    }

    /// True when the certificate names itself as its issuer (self-signed, as Frigate's default is).
    public var isSelfIssued: Bool { subject == issuer }

    /// The certificates of a PEM text, in order.
    /// - Throws: ``CertificateFileError`` when there is none.
    public static func parse(pem: String) throws -> [ServerCertificate] {
        let certificates: [NIOSSLCertificate]
        do { certificates = try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8)) } catch {
            throw CertificateFileError("holds no PEM certificate that can be read (expected -----BEGIN CERTIFICATE-----)")
        }
        guard !certificates.isEmpty else { throw CertificateFileError("holds no PEM certificate") }
        return try certificates.map { try ServerCertificate(der: $0.toDERBytes()) }
    }

    /// The certificates of a PEM file (a CA bundle may hold several).
    /// - Throws: ``CertificateFileError`` naming the file and what is wrong.
    public static func load(pemFile path: String) throws -> [ServerCertificate] {
        let data: Data
        do {
            guard let read = try UserFile.read(path, allowsPipe: true) else {
                throw CertificateFileError(path: path, "does not exist")
            }
            data = read
        } catch let error as UnreadableFile {
            throw CertificateFileError(path: path, error.reason)
        }
        do {
            return try parse(pem: String(decoding: data, as: UTF8.self))
        } catch let error as CertificateFileError {
            throw CertificateFileError(path: path, error.reason)
        }
    }

    /// The certificate as PEM text.
    public var pem: String {
        let base64 = Data(der).base64EncodedString()
        var lines: [Substring] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(rest.prefix(64))
            rest = rest.dropFirst(64)
        }
        return "-----BEGIN CERTIFICATE-----\n" + lines.joined(separator: "\n") + "\n-----END CERTIFICATE-----\n"
    }

    /// NIOSSL's form, for a trust store.
    func nioCertificate() throws -> NIOSSLCertificate {
        try NIOSSLCertificate(bytes: der, format: .der)
    }

    /// An IPv4 or IPv6 address from its bytes.
    static func address(_ bytes: [UInt8]) -> String? {
        switch bytes.count {
        case 4: return bytes.map(String.init).joined(separator: ".")
        case 16:
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            let ok = bytes.withUnsafeBytes { raw in inet_ntop(AF_INET6, raw.baseAddress, &text, socklen_t(text.count)) != nil }
            return ok ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        default: return nil
        }
    }
}

/// A certificate file (`--ca-file`, `ca-file`) that cannot be used, or bytes that are no certificate.
public struct CertificateFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, when there is one.
    public let path: String?
    /// What is wrong, in a few words.
    public let reason: String

    public init(path: String? = nil, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { path.map { "\($0): \(reason)" } ?? reason }
}
