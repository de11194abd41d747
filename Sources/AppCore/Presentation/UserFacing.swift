import EventsAPI
import Networking
import SystemSupport

/// Errors as one line a user can act on (sign-in form, status bar). The errors' own descriptions
/// are that line; this only makes it a sentence. Nothing here tells the user to run a command:
/// inside the TUI, signing in again is the form.
public enum UserFacing {
    public static func message(for error: any Error) -> String {
        sentence(shown(String(describing: error)))
    }

    /// Any text about to be shown or printed (an error line, a status, a request log row, a
    /// server-supplied name): secrets redacted by the one ``Redactor``, control characters
    /// escaped by ``TerminalText`` so server text cannot drive the terminal.
    public static func shown(_ text: String) -> String {
        TerminalText.printable(Redactor.shared.redact(text))
    }

    /// The session is gone: the user has to sign in again.
    public static func needsSignIn(_ error: any Error) -> Bool {
        (error as? EventsAPIError)?.needsSignIn ?? false
    }

    /// `text` with a capital first letter and a full stop: "Wrong email or password."
    public static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") || capitalised.hasSuffix("?") ? capitalised : capitalised + "."
    }
}
