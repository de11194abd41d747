import PlaybackStates
import Player

/// A setting that is one word of a fixed set (`video`, `video-glyphs`, `network-mode`), one type
/// for the config file and its flag: the file reads it by its raw value here, and the executable
/// makes the same type `ExpressibleByArgument` (raw value, and `--help` lists the cases), so each
/// value is parsed once and the rest of the program passes the enum, never the word.
///
/// ```swift
/// VideoGlyphs.allowedWords   // "half, quadrant or sextant"
/// ```
public protocol ConfigChoice: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

extension ConfigChoice {
    /// The words the setting takes, for messages: "auto, window, terminal or none".
    public static var allowedWords: String {
        let words = allCases.map(\.rawValue)
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension VideoModeChoice: ConfigChoice {}
extension VideoGlyphs: ConfigChoice {}
extension VideoProtocolChoice: ConfigChoice {}
extension NetworkMode: ConfigChoice {}
