/// How terminal video reaches the screen (`--video-protocol`, `video-protocol` in the config):
/// `auto` asks the terminal at start and uses sixel when it lists it, else cells; `kitty` (kitty's
/// graphics protocol; not chosen by `auto` yet, see docs/tui.md) and `sixel` draw real pixels that way whatever the
/// terminal said; `cells` uses ``VideoGlyphs`` (any terminal).
///
/// ```swift
/// let choice = VideoProtocolChoice.auto   // `--video-protocol auto`
/// ```
public enum VideoProtocolChoice: String, Sendable, Hashable, CaseIterable {
    case auto, kitty, sixel, cells
}
