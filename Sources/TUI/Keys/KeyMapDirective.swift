/// One applied keymap.conf line: `bind <context> <key> <action>` or `unbind <context> <key>`
/// (`bind … none` is an unbind).
///
/// ```swift
/// KeyMapDirective.bind(.list, .char("J"), "move-down").apply(to: &map)
/// ```
enum KeyMapDirective: Hashable, Sendable {
    case bind(KeyContext, Key, String)
    case unbind(KeyContext, Key)

    func apply(to map: inout KeyMap) {
        switch self {
        case .bind(let context, let key, let id): map.bind(key, to: id, in: context)
        case .unbind(let context, let key): map.unbind(key, in: context)
        }
    }
}
