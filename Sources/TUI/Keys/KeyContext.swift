/// Where a binding applies. Lookup tries the current context, then `global`
/// (text contexts fall back to `global` only for keys that do not type text).
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case list, player, global
    /// The timeline of every camera (`T`).
    case timeline
    /// Every camera at one moment, side by side (`M`).
    case montage
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
        case .timeline: "Timeline (T)"
        case .montage: "Montage (M)"
        case .form: "Sign-in form"
        case .filter: "Prompts (/ filter, t date)"
        }
    }

    /// The order of the help overlay's and docs/keys.md's sections.
    public static let helpOrder: [KeyContext] = [.list, .player, .timeline, .montage, .global, .form, .filter]

    var isTextEntry: Bool { self == .form || self == .filter }
}
