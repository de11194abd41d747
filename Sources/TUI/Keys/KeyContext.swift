/// Where a binding applies. Lookup tries the current context, then `global`
/// (text contexts fall back to `global` only for keys that do not type text).
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case list, player, global
    /// The sign-in form.
    case form
    /// The `/` filter prompt and the `t` date prompt.
    case filter

    /// Heading used in the help overlay.
    public var title: String {
        switch self {
        case .list: "Event list"
        case .player: "Player"
        case .global: "Anywhere"
        case .form: "Sign-in form"
        case .filter: "Prompts (/ filter, t date)"
        }
    }

    var isTextEntry: Bool { self == .form || self == .filter }
}
