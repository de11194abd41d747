/// `eventplayer login` is missing something it needs from the user; the command line treats it
/// as a usage error (exit status 2).
///
/// ```swift
/// catch let error as LoginError { print(error) }   // login needs a server: pass --server URL ...
/// ```
public struct LoginError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Reason: Sendable, Equatable {
        case noServer, emptyStandardInput, noEmail, notATerminal, noPassword
        /// The server's certificate needs the user's trust and cannot be asked for: the message
        /// names `--trust-fingerprint` and the fingerprint.
        case certificateNeedsFingerprint(String)
    }

    let reason: Reason

    /// No server is configured: `login` has nothing to sign in to (the demo backend needs no sign-in).
    public static let noServer = LoginError(reason: .noServer)

    public var description: String {
        switch reason {
        case .noServer:
            "login needs a server: pass --server URL or --profile NAME, or set EVENTPLAYER_SERVER (the embedded demo backend signs in by itself)"
        case .emptyStandardInput: "--password-stdin: standard input has no password line"
        case .noEmail: "no email given: pass --email or type it at the prompt"
        case .notATerminal: "standard input is not a terminal, so the password cannot be prompted for: use --password-stdin"
        case .noPassword: "no password given"
        case .certificateNeedsFingerprint(let message): message
        }
    }
}

/// `eventplayer login` did not trust the server's certificate (the user said no, the given
/// fingerprint is another, it cannot be pinned): nothing was sent to the server. Exit status 1.
public struct CertificateNotTrusted: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
