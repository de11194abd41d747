/// Semantic styles; the ncurses canvas maps them to colours (256, 8) or attributes (2 colours, NO_COLOR).
public enum TextStyle: Int, Hashable, Sendable, CaseIterable {
    case normal, dim, header, badge, heading
    case selected, selectedUnfocused, live
    case paneTitle, paneTitleFocused, divider
    case played, knob, buffered, remaining, time
    case status, statusState, statusHint, statusError
    case message, error, prompt
    case overlay, overlayTitle, overlayHeading
    case field, fieldFocused
}
