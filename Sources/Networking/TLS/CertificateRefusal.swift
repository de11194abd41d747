import Foundation
import SystemSupport

/// A server certificate that a request refused, in words a user can act on: the cause of the
/// request's ``TransportError`` (never retried: the same certificate comes back).
///
/// ```swift
/// CertificateRefusal.changed(address, pinned: old, presented: new).description
/// // "the certificate of nvr.local:8971 HAS CHANGED since it was pinned (pinned SHA256:…, now SHA256:…): …"
/// ```
public enum CertificateRefusal: Sendable, Equatable, CustomStringConvertible {
    /// A certificate is pinned for the server and it presented another.
    case changed(ServerAddress, pinned: ServerCertificate, presented: ServerCertificate)
    /// The pinned certificate itself was refused (expired, or the TLS library's reason).
    case pinRefused(ServerAddress, pinned: ServerCertificate, CertificateProblem)
    /// No pin, and neither the system nor `--ca-file` trusts the certificate; nil: it could not
    /// be read a second time to say why.
    case untrusted(ServerAddress, ServerCertificate?, CertificateProblem?)

    public var description: String {
        switch self {
        case .changed(let address, let pinned, let presented):
            return "the certificate of \(address) HAS CHANGED since it was pinned (pinned \(pinned.fingerprint), now "
                + "\(presented.fingerprint)): someone may be intercepting the connection, or the server's certificate was "
                + "replaced; check the new one on the server, then run `eventplayer login` again to trust it"
        case .pinRefused(let address, _, .expired(let date)):
            return "the certificate pinned for \(address) expired on \(CertificateText.date(date)): renew it on the server, "
                + "then run `eventplayer login` to check and pin the new one"
        case .pinRefused(let address, let pinned, let problem):
            return "the certificate pinned for \(address) (\(pinned.fingerprint)) was refused: \(problem.summary)"
        case .untrusted(_, _, .expired(let date)?):
            return "the server's certificate expired on \(CertificateText.date(date)): renew it on the server"
        case .untrusted(_, _, .notYetValid(let date)?):
            return "the server's certificate is not valid before \(CertificateText.date(date)) (is this machine's clock right?)"
        case .untrusted(_, _, .unknownIssuer(let issuer)?):
            return "the server's certificate is not trusted (issued by \(TerminalText.printable(issuer)), a CA this machine "
                + "does not trust): pass --ca-file with that CA's certificate (PEM)"
        case .untrusted(let address, _, .wrongName(let names)?):
            let listed = names.isEmpty ? "no host name" : names.map(TerminalText.printable).joined(separator: ", ")
            return "the server's certificate is not for \(address.host) (it names \(listed)): use a name it names in the "
                + "server URL, or run `eventplayer login` to check and pin it"
        case .untrusted(_, let presented, let problem):
            let why = problem.map { $0 == .selfSigned ? "self-signed" : $0.summary } ?? "self-signed?"
            let fingerprint = presented.map { ", \($0.fingerprint)" } ?? ""
            return "the server's certificate is not trusted (\(why)\(fingerprint)): run `eventplayer login` to check and pin it, "
                + "or pass --ca-file"
        }
    }
}

extension CertificateTrust {
    /// The transport's error for a request to `url` whose handshake failed with `error`, when
    /// that is a refused certificate (then the certificate is read again, trusting nothing, to
    /// say which and why); nil for any other failure.
    func refusal(for url: URL, error: any Error, timeout: Double) async -> TransportError? {
        guard Self.isCertificateRefusal(error), let address = ServerAddress(url: url) else { return nil }
        let presented = try? await CertificateProbe.presented(address, timeout: timeout)
        let refusal: CertificateRefusal
        if let pin = pinned(for: address) {
            if let presented, presented.fingerprint != pin.fingerprint {
                refusal = .changed(address, pinned: pin, presented: presented)
            } else {
                let now = Date()
                let problem: CertificateProblem = now > pin.notValidAfter ? .expired(pin.notValidAfter)
                    : now < pin.notValidBefore ? .notYetValid(pin.notValidBefore) : .other(String(describing: error))
                refusal = .pinRefused(address, pinned: pin, problem)
            }
        } else {
            refusal = .untrusted(address, presented, presented.map { Self.problem(of: $0, error: error) })
        }
        return TransportError(message: refusal.description, detail: Redactor.shared.redact(String(describing: error)),
                              refusedCertificate: refusal)
    }
}
