import AppCore
import EventsAPI
import ArgumentParser
import PlaybackStates
import Player

// The choices flags take, parsed by ArgumentParser from the same enums the config file reads
// (``ConfigChoice``): by raw value, a bad word is a usage error listing the allowed ones, and
// `--help` shows them (CaseIterable). The libraries stay free of ArgumentParser.

/// `--video auto|window|terminal|none`.
extension VideoModeChoice: ExpressibleByArgument {}
/// `--video-glyphs half|quadrant|sextant`.
extension VideoGlyphs: ExpressibleByArgument {}
/// `--video-protocol auto|kitty|sixel|cells`.
extension VideoProtocolChoice: ExpressibleByArgument {}
/// `--network direct|proxy`.
extension NetworkMode: ExpressibleByArgument {}
/// `--log-level trace|debug|info|notice|warning|error|critical`.
extension LogLevel: ExpressibleByArgument {}
/// `--format ts|mp4`, case-insensitive (``ExportFormat/init(argument:)``).
extension ExportFormat: ExpressibleByArgument {}
/// `--demo events|frigate`.
extension BackendKind: ExpressibleByArgument {}
/// `--backend auto|events|frigate`.
extension BackendChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { names }
    public var defaultValueDescription: String {
        switch self {
        case .auto: "auto"
        case .kind(let kind): kind.rawValue
        }
    }
}
