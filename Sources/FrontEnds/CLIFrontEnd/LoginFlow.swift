import AppCore
import EventsAPI
import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// `eventplayer login`: email from the flag or a prompt, password from stdin or a no-echo prompt.
public enum LoginFlow {
    /// Where the password comes from.
    public enum PasswordSource: Sendable {
        /// The first line of standard input (`--password-stdin`).
        case standardInput
        /// A prompt on the terminal with echo off.
        case prompt
    }

    /// Checks an https server's certificate (trust on first use, ``TrustOnFirstUse``), finds the
    /// server's backend (`choice`: `auto` probes it, ``BackendDetector``), signs in and stores the
    /// session with it; returns a one-line confirmation. A Frigate port without sign-in (5000)
    /// asks for nothing: a session without a token is stored, so later commands know.
    /// - Parameter trustFingerprint: `--trust-fingerprint`: the certificate to trust without asking.
    /// - Throws: ``LoginError`` (missing input), ``CertificateNotTrusted``, `SessionStoreError`
    ///   (the session cannot be saved: checked before the password is asked for), `EventsAPIError`.
    public static func run(services: AppServices, choice: BackendChoice, email: String?, password: PasswordSource,
                           trustFingerprint: String? = nil) async throws -> String {
        guard !services.server.isDemo else {
            throw LoginError(reason: .noServer)
        }
        try services.sessions.checkWritable()
        let url = services.server.url
        try await checkCertificate(services: services, url: url, fingerprint: trustFingerprint)
        let found = try await BackendDetector.detect(server: url, pipeline: services.pipeline)
        let kind: BackendKind = if case .kind(let named) = choice { named } else { found.kind }
        let requiresSignIn = kind == found.kind ? found.requiresSignIn : true
        if !requiresSignIn {
            let open = Session(server: url, accessToken: "", refreshToken: "", expiresAt: .distantFuture,
                               user: User(id: "anonymous", email: "anonymous", name: "anonymous"), backend: kind)
            try services.signedIn(open)
            let why = switch kind {
            case .zoneminder: "its authentication is off (OPT_USE_AUTH)"
            case .frigate: "its unauthenticated port: every request is answered as admin"
            case .events: "it answers without one"
            }
            return "\(kind.displayName) at \(url.absoluteString) needs no sign-in (\(why)); saved to \(services.sessions.fileURL.path)"
        }
        let backend = BackendFactory.make(kind, server: url, pipeline: services.pipeline)
        let address = try email ?? prompt("\(backend.userPrompt): ")
        let secret: String
        switch password {
        case .standardInput:
            guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                throw LoginError(reason: .emptyStandardInput)
            }
            secret = line
        case .prompt:
            secret = try promptHidden("Password: ")
        }
        Redactor.shared.register(secret)
        let session = try await backend.signIn(user: address, password: secret)
        Redactor.shared.register(session.accessToken)
        try services.signedIn(session)
        let at = kind == .events ? "" : " (\(kind.displayName))"
        return "signed in as \(TerminalText.printable(session.user.email)) at \(url.absoluteString)\(at); session saved to \(services.sessions.fileURL.path)"
    }

    /// Trust on first use, before anything is sent (``TrustOnFirstUse``): an https server's
    /// certificate that nothing trusts, or that differs from its pin, is shown and asked about on
    /// the terminal (standard input), or taken from `--trust-fingerprint`.
    static func checkCertificate(services: AppServices, url: URL, fingerprint: String?) async throws {
        let outcome = try await TrustOnFirstUse.check(url, services: services, fingerprint: fingerprint,
                                                      canAsk: isatty(STDIN_FILENO) == 1) { description, question in
            StandardStreams.error(description + "\n" + question)
            return TrustOnFirstUse.isYes(readLine(strippingNewline: true))
        }
        switch outcome {
        case .unchanged: break
        case .trusted(let line): StandardStreams.errorLine("eventplayer: " + line)
        case .needsFingerprint(let message): throw LoginError(reason: .certificateNeedsFingerprint(message))
        case .refused(let message): throw CertificateNotTrusted(message)
        }
    }

    static func prompt(_ text: String) throws -> String {
        StandardStreams.error(text)
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw LoginError(reason: .noEmail)
        }
        return line
    }

    /// Reads a line from the terminal with echo off, restoring the terminal even on error.
    static func promptHidden(_ text: String) throws -> String {
        guard isatty(STDIN_FILENO) == 1 else {
            throw LoginError(reason: .notATerminal)
        }
        StandardStreams.error(text)
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            StandardStreams.error("\n")
        }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw LoginError(reason: .noPassword)
        }
        return line
    }
}
