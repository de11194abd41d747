/// One log line mpv sent (`mpv_request_log_messages`), kept per playback because warn-level
/// lines are the only place a failed segment shows up. `Authorization=` values are redacted.
///
/// ```swift
/// for line in player.recentLogMessages { log.debug("\(line)") }   // "[ffmpeg/demuxer] warn: hls: Failed to open segment 2 of playlist 0"
/// ```
public struct PlayerLogMessage: Sendable, Equatable, CustomStringConvertible {
    /// mpv's module prefix, e.g. `ffmpeg`, `ffmpeg/demuxer`, `cplayer`.
    public var prefix: String
    /// `fatal`, `error`, `warn`, `info`, `v`, `debug`, `trace`.
    public var level: String
    /// The message without its trailing newline.
    public var text: String

    public init(prefix: String, level: String, text: String) {
        self.prefix = prefix
        self.level = level
        self.text = text
    }

    public var description: String { "[\(prefix)] \(level): \(text)" }
}
