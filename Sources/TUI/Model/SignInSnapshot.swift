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
        /// The answer to the certificate question (`yes` trusts it).
        case trust
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
    /// The box's title: "Sign in", or "Sign in to Frigate at https://nvr.local:8971" once the server is known.
    public var title = "Sign in"
    /// The certificate waiting for trust, as `login` shows it (escaped); empty when none.
    public var certificate: [String] = []
    /// The certificate differs from the one pinned: shown as a warning.
    public var isCertificateChange = false
    /// The Trust field's label and text (shown while ``certificate`` is).
    public var trustLabel = "Trust"
    public var trustAnswer = ""
    /// A line that is not an error, e.g. that the certificate was pinned.
    public var note: String?
    /// What the form says while busy.
    public var busyText = "Signing in…"

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
