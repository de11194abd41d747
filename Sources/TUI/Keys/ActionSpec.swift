/// One row of the action table: a bindable action, its id in keymap.conf, its help text and default keys.
///
/// ```swift
/// ActionSpec(id: "toggle-pause", action: .togglePause, contexts: [.player],
///            keys: ["Space", "p"], help: "Pause or resume", hint: "pause")
/// ```
public struct ActionSpec: Hashable, Sendable {
    /// The name used in keymap.conf (`bind player Space toggle-pause`).
    public let id: String
    public let action: UserAction
    /// Contexts the default keys are bound in; the first is the help group.
    public let contexts: [KeyContext]
    public let defaultKeys: [Key]
    /// One line for the help overlay.
    public let help: String
    /// Short label for the status-bar hints; nil keeps the action out of the hints.
    public let hint: String?

    public init(id: String, action: UserAction, contexts: [KeyContext], keys: [String], help: String, hint: String? = nil) {
        self.id = id
        self.action = action
        self.contexts = contexts
        self.defaultKeys = keys.map { name in
            guard let key = Key(name: name) else { preconditionFailure("bad default key \(name)") }
            return key
        }
        self.help = help
        self.hint = hint
    }

    /// The help group (the first context).
    public var group: KeyContext { contexts[0] }
}
