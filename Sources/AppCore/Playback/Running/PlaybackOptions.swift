import Foundation
import PlaybackStates
import Player

/// How a front end wants its playbacks set up (`--video`, `--no-audio`, `--mpv-option`,
/// `--frames`), turned into the player's configuration together with the config file. The TUI and
/// `play` both use it.
///
/// ```swift
/// let options = PlaybackOptions(video: VideoModeChoice.none, audio: false)
/// let configuration = try options.playerConfiguration(config: services.config)
/// ```
public struct PlaybackOptions: Sendable, Equatable {
    /// `--video`; nil takes the config file's `video`, else auto (``AppConfig/videoMode(flag:)``).
    public var video: VideoModeChoice?
    public var audio: Bool
    /// `--mpv-option key=value`, after the config file's `[mpv]` table.
    public var mpvOptions: [String]
    /// Stop after this many video frames (like mpv's `--frames`).
    public var frames: Int?
    /// How the player's requests travel (`--network`).
    public var network: NetworkMode
    /// Whether this front end draws terminal video (the TUI does, `play` does not).
    public var terminalVideo: Bool
    /// `--video-glyphs` (resolved with ``AppConfig/videoGlyphs(flag:)``).
    public var glyphs: VideoGlyphs
    /// `--video-protocol` (resolved with ``AppConfig/videoProtocol(flag:)``).
    public var graphics: VideoProtocolChoice
    /// `--speed`: playback speed (nil takes the config file's `speed`, else 1).
    public var speed: Double?

    public init(video: VideoModeChoice? = nil, audio: Bool = true, mpvOptions: [String] = [], frames: Int? = nil,
                network: NetworkMode = .proxy, terminalVideo: Bool = false, glyphs: VideoGlyphs = .half,
                graphics: VideoProtocolChoice = .auto, speed: Double? = nil) {
        self.video = video
        self.audio = audio
        self.mpvOptions = mpvOptions
        self.frames = frames
        self.network = network
        self.terminalVideo = terminalVideo
        self.glyphs = glyphs
        self.graphics = graphics
        self.speed = speed
    }

    /// Video mode (auto: a window when there is a display, none otherwise), audio, and the
    /// `[mpv]` table followed by `--mpv-option` values.
    public func playerConfiguration(config: AppConfig,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PlayerConfiguration {
        var configuration = PlayerConfiguration()
        configuration.video = config.videoMode(flag: video).resolve(environment: environment)
        // Only the TUI draws frames; headless `play` decodes nothing to a screen for terminal video.
        if configuration.video == .terminal, !terminalVideo { configuration.video = .none }
        configuration.audio = audio && (config.audio ?? true)
        configuration.extraOptions = config.mpvOptions.map { MPVOption(name: $0.name, value: $0.value) }
        for text in mpvOptions {
            do { configuration.extraOptions.append(try MPVOption(parsing: text)) } catch {
                throw PlaybackOptionsError("--mpv-option \(text): \(error)")
            }
        }
        if let frames, frames > 1 { configuration.frameLimit = frames }
        configuration.speed = PlaybackSpeed(speed ?? config.speed ?? 1).value
        // Through the proxy each playback's failures come from its own proxy events; ffmpeg's
        // process-global log could not say which of several playbacks a line is about.
        configuration.readsFFmpegLog = network == .direct
        return configuration
    }
}

/// A playback option that cannot be used; the message names it.
public struct PlaybackOptionsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
