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

    /// Signs in and stores the session; returns a one-line confirmation.
    /// - Throws: ``LoginError`` (missing input), `SessionStoreError` (the session cannot be saved:
    ///   checked before the password is asked for), `EventsAPIError`.
    public static func run(services: AppServices, email: String?, password: PasswordSource) async throws -> String {
        guard !services.server.isDemo else {
            throw LoginError(reason: .noServer)
        }
        try services.sessions.checkWritable()
        let address = try email ?? prompt("Email: ")
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
        let session = try await services.client.signIn(email: address, password: secret)
        try services.sessions.save(session)   // saved on sign-in too, but only here does a failure reach the user
        return "signed in as \(session.user.email) at \(services.server.url.absoluteString); session saved to \(services.sessions.fileURL.path)"
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
