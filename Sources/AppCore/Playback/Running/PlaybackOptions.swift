import Foundation
import Player

/// How a front end wants its playbacks set up (`--video`, `--no-audio`, `--mpv-option`,
/// `--frames`), turned into the player's configuration together with the config file. The TUI and
/// `play` both use it.
///
/// ```swift
/// let options = PlaybackOptions(video: "none", audio: false)
/// let configuration = try options.playerConfiguration(config: services.config)
/// ```
public struct PlaybackOptions: Sendable, Equatable {
    /// auto, window or none; nil takes the config file's `video`, else auto (``AppConfig/videoMode(flag:)``).
    public var video: String?
    public var audio: Bool
    /// `--mpv-option key=value`, after the config file's `[mpv]` table.
    public var mpvOptions: [String]
    /// Stop after this many video frames (like mpv's `--frames`).
    public var frames: Int?
    /// How the player's requests travel (`--network`).
    public var network: NetworkMode

    public init(video: String? = nil, audio: Bool = true, mpvOptions: [String] = [], frames: Int? = nil,
                network: NetworkMode = .proxy) {
        self.video = video
        self.audio = audio
        self.mpvOptions = mpvOptions
        self.frames = frames
        self.network = network
    }

    /// Video mode (auto: a window when there is a display, none otherwise), audio, and the
    /// `[mpv]` table followed by `--mpv-option` values.
    public func playerConfiguration(config: AppConfig,
                                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PlayerConfiguration {
        var configuration = PlayerConfiguration()
        let video = try config.videoMode(flag: self.video)
        switch video {
        case "none": configuration.video = .none
        case "window": configuration.video = .window
        case "auto": configuration.video = (environment["DISPLAY"] ?? environment["WAYLAND_DISPLAY"]) != nil ? .window : .none
        default: throw PlaybackOptionsError("video must be auto, window or none (terminal video is not available yet), not \(video)")
        }
        configuration.audio = audio && (config.audio ?? true)
        configuration.extraOptions = config.mpvOptions.map { MPVOption(name: $0.name, value: $0.value) }
        for text in mpvOptions {
            do { configuration.extraOptions.append(try MPVOption(parsing: text)) } catch {
                throw PlaybackOptionsError("--mpv-option \(text): \(error)")
            }
        }
        if let frames, frames > 1 { configuration.frameLimit = frames }
        return configuration
    }
}

/// A playback option that cannot be used; the message names it.
public struct PlaybackOptionsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
