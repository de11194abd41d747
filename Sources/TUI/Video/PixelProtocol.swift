/// The terminal graphics protocol the video pane draws real pixels with (cells need none).
public enum PixelProtocol: String, Sendable, Hashable {
    /// DEC sixel images (xterm `-ti vt340`, foot, WezTerm, mlterm, Konsole, Windows Terminal).
    case sixel
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm).
    case kitty
}
