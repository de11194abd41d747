import EventsAPI
import Networking

/// Errors as one line a user can act on (sign-in form, status bar). The errors' own descriptions
/// are that line; this only makes it a sentence. Nothing here tells the user to run a command:
/// inside the TUI, signing in again is the form.
public enum UserFacing {
    public static func message(for error: any Error) -> String {
        sentence(String(describing: error))
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
