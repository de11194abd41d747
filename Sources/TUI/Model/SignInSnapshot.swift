/// The sign-in form. The App owns the text; the TUI sends edit actions
/// (``UserAction/insertText(_:)``, ``UserAction/deleteBackward``, ``UserAction/nextField``, ``UserAction/submit``).
///
/// ```swift
/// let form = SignInSnapshot(email: "demo@eventplayer.dev", passwordLength: 13,
///                           server: "http://127.0.0.1:8080", focus: .password,
///                           errorText: "Wrong email or password.")
/// ```
public struct SignInSnapshot: Hashable, Sendable {
    /// The form field with the (drawn) cursor.
    public enum Field: Hashable, Sendable, CaseIterable {
        case email, password, server
    }

    public var email: String
    /// Only the length is shown (as dots).
    public var passwordLength: Int
    public var server: String
    public var focus: Field
    /// Inline error, e.g. "Wrong email or password." or "Server unreachable: …".
    public var errorText: String?
    /// A sign-in request is in flight ("Signing in…").
    public var isBusy: Bool
    /// The user field's label: "Email" (the events service) or "User" (an NVR).
    public var userLabel: String

    public init(email: String = "", passwordLength: Int = 0, server: String = "",
                focus: Field = .email, errorText: String? = nil, isBusy: Bool = false, userLabel: String = "Email") {
        self.userLabel = userLabel
        self.email = email
        self.passwordLength = passwordLength
        self.server = server
        self.focus = focus
        self.errorText = errorText
        self.isBusy = isBusy
    }
}
