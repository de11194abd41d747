/// Which pane receives the keys of its context (Tab switches, Esc returns to the list).
public enum Focus: Hashable, Sendable {
    case list, player
}
