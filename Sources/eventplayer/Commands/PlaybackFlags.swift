import AppCore
import ArgumentParser
import Player

/// The flags of every command that plays (the TUI, `play`): where video goes, how the player's
/// requests travel, sound, and extra mpv options. Declared once, taken with `@OptionGroup`.
struct PlaybackFlags: ParsableArguments {
    @Option(help: "Where video goes: auto (a window when there is a display and no SSH, else terminal), window, terminal (drawn in the TUI; play decodes none), none (default: `video` in the config file, else auto).")
    var video: VideoModeChoice?

    @Option(help: "How the player's requests travel: proxy (through eventplayer's network pipeline: headers, retries, request log) or direct (mpv fetches media itself). Default: `network-mode` in the config file, else proxy.")
    var network: NetworkMode?

    @Flag(help: "Play without sound.")
    var noAudio = false

    @Option(name: .customLong("mpv-option"), help: ArgumentHelp("An mpv option key=value, after ours and the config's [mpv] (repeatable).", valueName: "key=value"))
    var mpvOptions: [String] = []

    /// The playback options these flags give with `config`'s defaults; `frames` and `speed` are `play`'s.
    func options(config: AppConfig, frames: Int? = nil, speed: Double? = nil) -> PlaybackOptions {
        PlaybackOptions(video: video, audio: !noAudio, mpvOptions: mpvOptions, frames: frames,
                        network: NetworkMode.resolve(flag: network, config: config), speed: speed)
    }
}
