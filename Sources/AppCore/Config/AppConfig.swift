import EventsAPI
import Foundation
import PlaybackStates
import Player

/// The user's settings from `~/.config/eventplayer/config.toml` (see Resources/config.example.toml).
/// Every key is optional; command-line flags win over the file.
///
/// ```swift
/// let config = try AppConfig.load()
/// print(config.server ?? "embedded demo")
/// ```
public struct AppConfig: Sendable, Equatable {
    /// `server`: base URL of the events service.
    public var server: URL?
    /// `backend`: auto (detected at `login`), events, frigate or zoneminder.
    public var backend: BackendChoice?
    /// `video`: auto, window, terminal or none.
    public var video: VideoModeChoice?
    /// `video-glyphs`: half, quadrant or sextant (terminal video).
    public var videoGlyphs: VideoGlyphs?
    /// `video-protocol`: auto, kitty, sixel or cells (terminal video).
    public var videoProtocol: VideoProtocolChoice?
    /// `network-mode`: direct or proxy (how the player's own requests travel).
    public var networkMode: NetworkMode?
    /// `audio`: false plays without sound.
    public var audio: Bool?
    /// `log-level`: trace, debug, info, notice, warning, error, critical.
    public var logLevel: LogLevel?
    /// `export-dir`: where `e` in the TUI and `export` without `-o` save (see ``exportDirectory(currentDirectory:home:)``).
    public var exportDir: String?
    /// `speed`: the playback speed every session starts with, 0.25 to 16 (1 is normal).
    public var speed: Double?
    /// `ca-file`: a PEM file of certificate authorities trusted besides the system's, for every
    /// https request (`--ca-file` wins; see ``caFilePath(flag:currentDirectory:home:)``).
    public var caFile: String?
    /// `follow`: the TUI's list follows the server (new events appear by themselves); nil: on.
    public var follow: Bool?
    /// `follow-interval`: seconds between two polls while following (2 to 3600); nil: 10.
    public var followInterval: Double?
    /// `notify`: which new events the TUI announces through the terminal; nil: alerts.
    public var notify: NotifyLevel?
    /// `notify-method`: how (OSC 9, OSC 777, the bell); nil: auto.
    public var notifyMethod: NotifyMethodChoice?
    /// `notify-score`: a ZoneMinder event scored at least this is an alert (0 to 100); nil: ``defaultNotifyScore``.
    public var notifyScore: Int?
    /// `[network]`: retries, timeouts (names and units in docs/network.md).
    public var network: [String: Double] = [:]
    /// `[network] recorded-headers`: the response headers request records keep (names, `CF-*`
    /// prefixes); nil keeps the defaults (``RecordedHeaders``).
    public var recordedHeaders: [String]?
    /// `[headers.<kind>]` (kind, or `all`): extra request headers.
    public var headers: [String: [HeaderField]] = [:]
    /// `[mpv]`: options passed to libmpv after eventplayer's own.
    public var mpvOptions: [HeaderField] = []
    /// `[camera-sets]`: named sets of cameras (as the list shows their names), offered by the TUI's
    /// `c` picker beside the server's camera groups; the list, the timeline's lanes and the
    /// montage then show those cameras. In the file's order.
    public var cameraSets: [CameraGroup] = []
    /// `[profiles.<name>]`: named servers (``ServerProfile``), in the file's order.
    public var profiles: [ServerProfile] = []
    /// Where it was read from (nil when there was no file).
    public var source: URL?
    /// The line of each key in the file, for messages about values used later.
    var lines = ConfigLines()

    /// A name and a value, in file order.
    public struct HeaderField: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init() {}
}

// MARK: - Video choices: flag, else file, else default

extension AppConfig {
    /// Where video goes: `--video` when given, else `video` from the config file, else auto.
    ///
    /// ```swift
    /// services.config.videoMode(flag: nil)   // .window with `video = "window"` in the file
    /// ```
    public func videoMode(flag: VideoModeChoice?) -> VideoModeChoice {
        flag ?? video ?? .auto
    }

    /// Terminal video cells: `--video-glyphs` when given, else `video-glyphs` from the config
    /// file, else half.
    public func videoGlyphs(flag: VideoGlyphs?) -> VideoGlyphs {
        flag ?? videoGlyphs ?? .half
    }

    /// How terminal video is drawn: `--video-protocol` when given, else `video-protocol` from
    /// the config file, else auto (ask the terminal).
    public func videoProtocol(flag: VideoProtocolChoice?) -> VideoProtocolChoice {
        flag ?? videoProtocol ?? .auto
    }
}
