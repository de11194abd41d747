/// Raw input decoded from the terminal, before the key map.
enum InputEvent: Hashable {
    case key(Key)
    case mouse(column: Int, row: Int, button: MouseButton)
    case resize
}

enum MouseButton: Hashable {
    case left, wheelUp, wheelDown
}
