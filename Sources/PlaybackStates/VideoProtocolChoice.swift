/// How terminal video reaches the screen (`--video-protocol`, `video-protocol` in the config):
/// `auto` asks the terminal at start and uses kitty images through shared memory when it is a
/// local kitty-protocol terminal, else sixel when it lists it, else inline kitty images when it
/// speaks them, else cells; `kitty` (kitty's graphics protocol) and `sixel` draw real pixels that
/// way whatever the terminal said; `cells` uses ``VideoGlyphs`` (any terminal).
///
/// ```swift
/// let choice = VideoProtocolChoice.auto   // `--video-protocol auto`
/// ```
public enum VideoProtocolChoice: String, Sendable, Hashable, CaseIterable {
    case auto, kitty, sixel, cells
}
