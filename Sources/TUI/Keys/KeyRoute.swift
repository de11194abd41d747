/// Where the keys go, as the model resolved it: its one order of precedence (TUIState's
/// `AppState.keyRoute`: the sign-in form and the prompts, then an overlay, then a picker, then the
/// mode's context). ``KeyRouting`` maps a key to an action in it and decides nothing else.
///
/// ```swift
/// screen.route = .overlay(over: .player)   // help over the player: navigation scrolls it
/// screen.route.context                      // .player: the bindings under it, for the hints
/// ```
public enum KeyRoute: Hashable, Sendable {
    /// The bindings of one context (the form, a prompt, the list, the player, the timeline, the montage).
    case context(KeyContext)
    /// Help or the request log over `context`: the navigation keys scroll it, the global keys work.
    case overlay(over: KeyContext)
    /// A pick list (``ScreenSnapshot/picker``) over `context`: the navigation keys move among its
    /// items, Enter picks, Esc closes, the global keys work.
    case picker(over: KeyContext)

    /// The context the route is in or over.
    public var context: KeyContext {
        switch self {
        case .context(let context), .overlay(over: let context), .picker(over: let context): context
        }
    }
}
