import AppCore
import CLIFrontEnd
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
/// `--demo events|frigate`: the kinds the demo has a flavour of (``DemoBackendStarter/flavors``;
/// ZoneMinder runs for real).
extension BackendKind: ExpressibleByArgument {
    public init?(argument: String) {
        guard let kind = BackendKind(rawValue: argument), DemoBackendStarter.flavors.contains(kind) else { return nil }
        self = kind
    }
    public static var allValueStrings: [String] { DemoBackendStarter.flavors.map(\.rawValue) }
}
/// `--backend auto|events|frigate|zoneminder`.
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
