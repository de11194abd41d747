import Foundation
import Networking
import SystemSupport

/// `eventplayer login`'s trust on first use, as ssh does it: before anything is sent to an https
/// server, its certificate is examined; one that nothing trusts is shown and pinned when the user
/// says yes (or names its fingerprint with `--trust-fingerprint`); a certificate that differs from
/// the pin is refused with both fingerprints unless trusted again the same way.
///
/// ```swift
/// let outcome = try await TrustOnFirstUse.check(url, services: services, fingerprint: flag, canAsk: isatty(0) == 1) {
///     description, question in print(description); print(question, terminator: ""); return readLine() == "y"
/// }
/// if case .trusted(let line) = outcome { print(line) }   // pinned the certificate of nvr.local:8971 (SHA256:…) in …
/// ```
public enum TrustOnFirstUse {
    /// How ``check(_:services:fingerprint:canAsk:ask:)`` ended.
    public enum Outcome: Sendable, Equatable {
        /// Nothing to trust: plain http, the pinned certificate, one the system or `--ca-file`
        /// trusts, or a server that cannot be reached (the sign-in then says so).
        case unchanged
        /// The certificate is trusted from now on (pinned, or its old pin removed): the line saying so.
        case trusted(String)
        /// The user must be asked and cannot be: the message names `--trust-fingerprint` and the fingerprint.
        case needsFingerprint(String)
        /// Not trusted (declined, another fingerprint, cannot be pinned): why and what to do.
        case refused(String)
    }

    /// Reads `--trust-fingerprint` (either form), for checking it before anything starts.
    /// - Throws: `CertificateFingerprintError` naming both forms.
    public static func checkFingerprint(_ text: String) throws {
        _ = try CertificateFingerprint(parsing: text)
    }

    /// Examines the certificate of `url`'s server (https only) and trusts it when it needs trust
    /// and the user gives it: `fingerprint` (`--trust-fingerprint`, already checked), else `ask`
    /// (the certificate's description and the question; true for yes) when `canAsk`.
    /// - Throws: ``CertificatePinStoreError`` when the pin cannot be saved.
    public static func check(_ url: URL, services: AppServices, fingerprint: String?, canAsk: Bool,
                             ask: (_ description: String, _ question: String) -> Bool) async throws -> Outcome {
        guard url.scheme?.lowercased() == "https", let address = ServerAddress(url: url) else { return .unchanged }
        let given = try fingerprint.map { try CertificateFingerprint(parsing: $0) }
        let timeout = services.pipeline.configuration.timeouts(for: .apiAuth).connect
        let examination: CertificateExamination
        do { examination = try await services.trust.examine(address, timeout: timeout) } catch { return .unchanged }
        switch decide(examination, fingerprint: given, canAsk: canAsk) {
        case .proceed: return .unchanged
        case .refuse(let message): return .refused(message)
        case .needsFingerprint(let message): return .needsFingerprint(message)
        case .ask:
            guard ask(describe(examination), question(examination)) else {
                return .refused("the certificate of \(address) was not trusted: nothing was pinned or sent to the server")
            }
        case .accept: break
        }
        return .trusted(try accept(examination, trust: services.trust, pins: services.pins))
    }

    /// What `login` does next.
    public enum Step: Sendable, Equatable {
        /// Nothing to trust: the pinned certificate, or one the system (or `--ca-file`) trusts.
        case proceed
        /// Show ``describe(_:)`` and ask "Trust this certificate for HOST:PORT? [y/N]".
        case ask
        /// `--trust-fingerprint` names this certificate: trust it (``accept(_:trust:pins:)``).
        case accept
        /// It cannot be asked (standard input is not a terminal): the message names the flag and
        /// the fingerprint to give it.
        case needsFingerprint(String)
        /// It cannot be trusted (another fingerprint was given, it has expired, it is not
        /// self-signed): the message says why and what to do.
        case refuse(String)
    }

    /// Decides what to do with the certificate `examination` found; `fingerprint` is
    /// `--trust-fingerprint`'s, `canAsk` whether the user can be asked on the terminal.
    public static func decide(_ examination: CertificateExamination, fingerprint: CertificateFingerprint?, canAsk: Bool) -> Step {
        let presented = examination.presented, address = examination.address
        if let fingerprint, fingerprint != presented.fingerprint {
            return .refuse("the certificate of \(address) is not the one --trust-fingerprint names (given \(fingerprint); "
                + "the server's is \(presented.fingerprint), \(presented.fingerprint.hexForm)): nothing was pinned; "
                + "check the fingerprint on the server")
        }
        switch examination.verdict {
        case .pinned, .trusted:
            return .proceed
        case .untrusted(.expired(let date)):
            return .refuse("the certificate of \(address) expired on \(CertificateText.date(date)): renew it on the server")
        case .untrusted(.notYetValid(let date)):
            return .refuse("the certificate of \(address) is not valid before \(CertificateText.date(date)) (is this machine's clock right?)")
        case .untrusted, .changed:
            break
        }
        let now = Date()
        if now > presented.notValidAfter || now < presented.notValidBefore {
            return .refuse("the certificate of \(address) is valid from \(CertificateText.date(presented.notValidBefore)) to "
                + "\(CertificateText.date(presented.notValidAfter)) only: renew it on the server")
        }
        if case .untrusted(.wrongName(let names)) = examination.verdict, !presented.isSelfIssued {
            let listed = names.isEmpty ? "no host name" : names.map(TerminalText.printable).joined(separator: ", ")
            return .refuse("the certificate of \(address) is not for \(address.host) (it names \(listed)), and only a "
                + "self-signed certificate can be pinned: use a name it names in the server URL")
        }
        if !presented.isSelfIssued && !examination.trustedWithoutPin {
            return .refuse("the certificate of \(address) is issued by \(TerminalText.printable(presented.issuer)), which this "
                + "machine does not trust, and only a self-signed certificate can be pinned: pass --ca-file with that CA's certificate (PEM)")
        }
        if fingerprint != nil { return .accept }
        if canAsk { return .ask }
        let flag = "--trust-fingerprint \(presented.fingerprint)"
        if case .changed(let pinned) = examination.verdict {
            return .needsFingerprint("the certificate of \(address) HAS CHANGED since it was pinned (pinned \(pinned.fingerprint), "
                + "now \(presented.fingerprint), \(presented.fingerprint.hexForm)): someone may be intercepting the connection, "
                + "or the server's certificate was replaced; check the new one on the server, then pass \(flag) to trust it "
                + "(standard input is not a terminal, so it cannot be asked)")
        }
        return .needsFingerprint("the certificate of \(address) is not trusted (\(problem(examination))); its fingerprint is "
            + "\(presented.fingerprint) (\(presented.fingerprint.hexForm)): check it on the server, then pass \(flag) "
            + "to pin it (standard input is not a terminal, so it cannot be asked)")
    }

    /// The certificate for the user to check, and why it is asked about; several lines, ending
    /// before the question.
    public static func describe(_ examination: CertificateExamination) -> String {
        let presented = examination.presented, address = examination.address
        var lines: [String] = []
        if case .changed(let pinned) = examination.verdict {
            lines.append("WARNING: THE CERTIFICATE OF \(address) HAS CHANGED since it was pinned.")
            lines.append("Someone may be intercepting the connection, or the server's certificate was replaced.")
            lines.append("  pinned       \(pinned.fingerprint)")
            lines.append("               \(pinned.fingerprint.hexForm)")
            lines.append("The server's certificate now:")
        } else {
            lines.append("The certificate of \(address) is not trusted by this system (\(problem(examination))).")
        }
        let names = presented.names.isEmpty ? "(none)" : presented.names.map(TerminalText.printable).joined(separator: ", ")
        lines += [
            "  subject      \(TerminalText.printable(presented.subject))",
            "  issuer       \(presented.isSelfIssued ? "itself (self-signed)" : TerminalText.printable(presented.issuer))",
            "  names        \(names)",
            "  valid        \(CertificateText.date(presented.notValidBefore)) to \(CertificateText.date(presented.notValidAfter))",
            "  fingerprint  \(presented.fingerprint)",
            "               \(presented.fingerprint.hexForm)",
            "Compare it with the server's own (e.g. openssl x509 -noout -fingerprint -sha256 -in <its certificate file>).",
        ]
        return lines.joined(separator: "\n")
    }

    /// The question, without a line break: "Trust this certificate for nvr.local:8971? [y/N] ".
    public static func question(_ examination: CertificateExamination) -> String {
        "Trust this certificate for \(examination.address)? [y/N] "
    }

    /// True for the answers that mean yes (`y`, `yes`, any case).
    public static func isYes(_ answer: String?) -> Bool {
        guard let answer else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Trusts the examined certificate from now on: pinned for its server in `pins`' file and in
    /// `trust` (this process's requests); a changed certificate that the system trusts needs no
    /// pin, so the old pin is removed instead. Returns a line saying what was done.
    /// - Throws: ``CertificatePinStoreError`` when the file cannot be written.
    public static func accept(_ examination: CertificateExamination, trust: CertificateTrust,
                              pins: CertificatePinStore) throws(CertificatePinStoreError) -> String {
        let address = examination.address, presented = examination.presented
        if examination.trustedWithoutPin {
            try pins.save(nil, for: address)
            trust.pin(nil, for: address)
            return "the certificate of \(address) is trusted by this system: its pin is removed from \(pins.fileURL.path)"
        }
        try pins.save(presented, for: address)
        trust.pin(presented, for: address)
        return "pinned the certificate of \(address) (\(presented.fingerprint)) in \(pins.fileURL.path)"
    }

    private static func problem(_ examination: CertificateExamination) -> String {
        if case .untrusted(let problem) = examination.verdict { return problem.summary }
        return examination.presented.isSelfIssued ? "self-signed" : "not trusted"
    }
}
