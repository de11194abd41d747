import Foundation
import NIOSSL
import SystemSupport

/// Which server certificates requests trust (docs/network.md, "TLS and certificate pinning"):
/// - a server with a pinned certificate (``pin(_:for:)``, kept by the app between runs): that
///   certificate alone, whatever its names; nothing else, not even a certificate the system trusts;
/// - any other server: the system's roots and the ``authorities`` (`--ca-file`), with the
///   certificate's names checked against the host.
///
/// Shared by the transport and `login`, which pins while the process runs.
///
/// ```swift
/// let trust = CertificateTrust(authorities: try ServerCertificate.load(pemFile: "ca.pem"))
/// let pipeline = NetworkPipeline(transport: AsyncHTTPClientTransport(trust: trust))
/// let seen = try await trust.examine(ServerAddress(host: "nvr.local", port: 8971), timeout: 10)
/// if case .untrusted = seen.verdict { trust.pin(seen.presented, for: seen.address) }
/// ```
public final class CertificateTrust: Sendable {
    /// Certificate authorities trusted in addition to the system's (`--ca-file`).
    public let authorities: [ServerCertificate]
    /// The PEM file ``authorities`` were read from, for a TLS stack of its own that must trust the
    /// same authorities (mpv fetching media itself under `--network direct`).
    public let authorityFile: String?

    private struct State {
        var pins: [ServerAddress: ServerCertificate]
        /// The TLS configuration of each pinned server, made once (async-http-client keeps one
        /// connection pool per configuration).
        var pinned: [ServerAddress: TLSConfiguration] = [:]
    }

    private let state: Locked<State>
    /// The configuration of every server without a pin; nil when there are no authorities (the
    /// HTTP client's default then applies: the system's roots).
    private let unpinned: TLSConfiguration?

    public init(authorities: [ServerCertificate] = [], authorityFile: String? = nil,
                pins: [ServerAddress: ServerCertificate] = [:]) {
        self.authorities = authorities
        self.authorityFile = authorities.isEmpty ? nil : authorityFile
        state = Locked(State(pins: pins))
        if authorities.isEmpty {
            unpinned = nil
        } else {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.additionalTrustRoots = [.certificates(authorities.compactMap { try? $0.nioCertificate() })]
            unpinned = configuration
        }
    }

    /// The certificate pinned for `address`.
    public func pinned(for address: ServerAddress) -> ServerCertificate? {
        state.withLock { $0.pins[address] }
    }

    /// Every pin, by server.
    public var pins: [ServerAddress: ServerCertificate] {
        state.withLock { $0.pins }
    }

    /// Pins `certificate` for `address` (nil removes the pin): later requests to it trust that
    /// certificate alone.
    public func pin(_ certificate: ServerCertificate?, for address: ServerAddress) {
        state.withLock {
            $0.pins[address] = certificate
            $0.pinned[address] = nil
        }
    }

    /// The TLS configuration of a request to `url`: the pin's, the authorities', or nil for the
    /// client's default (plain http too).
    func configuration(for url: URL) -> TLSConfiguration? {
        guard url.scheme?.lowercased() == "https", let address = ServerAddress(url: url) else { return nil }
        return configuration(for: address)
    }

    private func configuration(for address: ServerAddress) -> TLSConfiguration? {
        state.withLock { state in
            guard let pin = state.pins[address] else { return unpinned }
            if let made = state.pinned[address] { return made }
            var configuration = TLSConfiguration.makeClientConfiguration()
            // The pinned certificate is the only root: a self-signed one verifies against itself
            // and nothing else does (only its private key could sign another). Its names are not
            // checked: the pin says which server it belongs to (Frigate's default names no host).
            configuration.trustRoots = .certificates((try? pin.nioCertificate()).map { [$0] } ?? [])
            configuration.certificateVerification = .noHostnameVerification
            state.pinned[address] = configuration
            return configuration
        }
    }

    /// The configuration that decides whether a server is trusted without a pin.
    private var unpinnedConfiguration: TLSConfiguration {
        unpinned ?? .makeClientConfiguration()
    }
}

// MARK: - Examining a server's certificate (login)

/// What ``CertificateTrust/examine(_:timeout:)`` found.
public struct CertificateExamination: Sendable {
    public enum Verdict: Sendable, Equatable {
        /// The certificate is the one pinned for the server.
        case pinned
        /// A certificate is pinned for the server and this is another one.
        case changed(pinned: ServerCertificate)
        /// No pin; the system's roots or `--ca-file` trust it.
        case trusted
        /// No pin, and nothing trusts it.
        case untrusted(CertificateProblem)
    }

    public let address: ServerAddress
    /// The certificate the server presented.
    public let presented: ServerCertificate
    public let verdict: Verdict
    /// True when the system's roots or `--ca-file` trust the certificate, pin or not: a changed
    /// certificate that is trusted needs no new pin.
    public let trustedWithoutPin: Bool
}

/// Why a certificate is not trusted without a pin.
public enum CertificateProblem: Sendable, Equatable {
    /// It names itself as its issuer (Frigate's default).
    case selfSigned
    /// Issued by this subject, whom neither the system nor `--ca-file` trusts.
    case unknownIssuer(String)
    /// Past its validity (the date it ended).
    case expired(Date)
    /// Not valid yet (the date it starts).
    case notYetValid(Date)
    /// Trusted, but not for this host (the names it is for).
    case wrongName([String])
    /// Anything else, in the TLS library's words.
    case other(String)

    /// The reason in a few words: "self-signed", "issued by CN=Home CA, which is not trusted"...
    public var summary: String {
        switch self {
        case .selfSigned: "self-signed"
        case .unknownIssuer(let issuer): "issued by \(TerminalText.printable(issuer)), which is not trusted"
        case .expired(let date): "expired on \(CertificateText.date(date))"
        case .notYetValid(let date): "not valid before \(CertificateText.date(date))"
        case .wrongName(let names):
            names.isEmpty ? "it names no host" : "it is for \(names.map(TerminalText.printable).joined(separator: ", ")), not this host"
        case .other(let text): TerminalText.printable(text)
        }
    }
}

extension CertificateTrust {
    /// Reads the certificate `address` presents and says how requests would treat it: the pinned
    /// one, a change from the pin, trusted without a pin, or untrusted and why. Sends nothing but
    /// two TLS handshakes (one trusting nothing, to read the certificate; one with the trust a
    /// request without a pin would have).
    /// - Throws: the connection's failure (refused, no route, not TLS...), as NIO says it.
    public func examine(_ address: ServerAddress, timeout: Double) async throws -> CertificateExamination {
        let presented = try await CertificateProbe.presented(address, timeout: timeout)
        var problem: CertificateProblem?
        do {
            try await CertificateProbe.verify(address, configuration: unpinnedConfiguration, timeout: timeout)
        } catch {
            problem = Self.problem(of: presented, error: error)
        }
        let verdict: CertificateExamination.Verdict
        if let pin = pinned(for: address) {
            verdict = pin.fingerprint == presented.fingerprint ? .pinned : .changed(pinned: pin)
        } else {
            verdict = problem.map { .untrusted($0) } ?? .trusted
        }
        return CertificateExamination(address: address, presented: presented, verdict: verdict, trustedWithoutPin: problem == nil)
    }

    /// Why verifying `certificate` failed with `error`.
    static func problem(of certificate: ServerCertificate, error: any Error, now: Date = Date()) -> CertificateProblem {
        if isHostnameRefusal(error) { return .wrongName(certificate.names) }
        if now > certificate.notValidAfter { return .expired(certificate.notValidAfter) }
        if now < certificate.notValidBefore { return .notYetValid(certificate.notValidBefore) }
        if certificate.isSelfIssued { return .selfSigned }
        if isCertificateRefusal(error) { return .unknownIssuer(certificate.issuer) }
        return .other(String(describing: error))
    }

    /// True when `error` is NIOSSL refusing the server's certificate (its chain, dates or names),
    /// not a connection that failed for another reason.
    static func isCertificateRefusal(_ error: any Error) -> Bool {
        if isHostnameRefusal(error) { return true }
        guard let error = error as? NIOSSLError, case .handshakeFailed(let inner) = error else { return false }
        return String(describing: inner).contains("CERTIFICATE_VERIFY_FAILED")
    }

    static func isHostnameRefusal(_ error: any Error) -> Bool {
        (error as? NIOSSLExtraError) == .failedToValidateHostname
    }
}

/// Dates as the messages write them.
public enum CertificateText {
    /// `2026-11-20 14:00 UTC`.
    public static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
