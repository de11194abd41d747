/// How terminal video reaches the screen (`--video-protocol`, `video-protocol` in the config):
/// `auto` asks the terminal at start and uses the kitty graphics protocol when it answers the
/// kitty query, else sixel when it lists sixel, else cells; `kitty` and `sixel` draw real pixels
/// that way whatever the terminal said; `cells` uses ``VideoGlyphs`` (any terminal).
///
/// ```swift
/// let choice = VideoProtocolChoice.auto   // `--video-protocol auto`
/// ```
public enum VideoProtocolChoice: String, Sendable, Hashable, CaseIterable {
    case auto, kitty, sixel, cells
}
