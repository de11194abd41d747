/// Key bindings per context: `(context, key) -> action id` of ``ActionTable``.
///
/// ```swift
/// var (map, problems) = KeyMap.load(userFile: KeyMap.defaultUserFile())
/// problems.forEach { log.warning("\($0)") }          // "keymap.conf:4: unknown action 'jump' …"
/// map.action(for: .char("k"), in: .list)?.action     // .moveUp
/// ```
public struct KeyMap: Hashable, Sendable {
    var bindings: [KeyContext: [Key: String]]

    /// An empty map (nothing bound).
    public init() {
        bindings = [:]
    }

    /// The defaults of ``ActionTable`` (the same as Resources/keymap.conf).
    public static let defaults: KeyMap = {
        var map = KeyMap()
        for spec in ActionTable.all {
            for context in spec.contexts {
                for key in spec.defaultKeys {
                    map.bind(key, to: spec.id, in: context)
                }
            }
        }
        return map
    }()

    /// Binds `key` to the action with id `actionID` in `context`.
    public mutating func bind(_ key: Key, to actionID: String, in context: KeyContext) {
        bindings[context, default: [:]][key] = actionID
    }

    /// Removes the binding of `key` in `context`.
    public mutating func unbind(_ key: Key, in context: KeyContext) {
        bindings[context]?[key] = nil
    }

    /// The action bound to `key` in `context` exactly (no fallback).
    public func binding(for key: Key, in context: KeyContext) -> ActionSpec? {
        bindings[context]?[key].flatMap(ActionTable.spec(id:))
    }

    /// The action for `key` in `context`, falling back to `global`; in text contexts, printable
    /// keys type text instead of falling back (only Ctrl/Esc/function keys reach `global`).
    public func action(for key: Key, in context: KeyContext) -> UserAction? {
        if let spec = binding(for: key, in: context) { return spec.action }
        if context.isTextEntry, let text = key.insertableText { return .insertText(text) }
        if context != .global, let spec = binding(for: key, in: .global) { return spec.action }
        return nil
    }

    /// Keys bound to `actionID` in `context`, in a stable order (table defaults first, then by name).
    public func keys(for actionID: String, in context: KeyContext) -> [Key] {
        let bound = (bindings[context] ?? [:]).filter { $0.value == actionID }.map(\.key)
        let defaults = ActionTable.spec(id: actionID)?.defaultKeys ?? []
        let ordered = defaults.filter(bound.contains)
        return ordered + bound.filter { !ordered.contains($0) }.sorted { $0.name < $1.name }
    }
}
