import Foundation

/// The options set on each new mpv handle before `mpv_initialize`, in order: ours (docs/playback.md,
/// each one exists because playback fails, often silently, without it), then the user's.
enum MPVOptionPlan {
    /// `demuxer-lavf-o`: without the whitelist a local playlist with http segments is re-read as
    /// a plain list; without `extension_picky=0` extension-less segments fail; a live playlist
    /// plays from its first segment. `http_multiple=0`: ffmpeg 5.1 prefetches the next segment
    /// on a second connection and logs a failed prefetch exactly like a skipped segment
    /// ("Failed to open segment N"), although the segment is fetched again and plays; without
    /// the prefetch that line means the segment was really skipped (a failed request on a
    /// kept-alive connection is still retried once on a new one).
    static let lavfOptions = "protocol_whitelist=[file,http,https,tcp,tls,crypto,data],extension_picky=0,live_start_index=0,http_multiple=0"

    static func options(
        for source: MediaSource,
        configuration: PlayerConfiguration,
        start: Double,
        muted: Bool,
        volume: Double,
        speed: Double = 1,
        framing: VideoFraming = .init(),
        overrides: [MPVOption] = []
    ) throws -> [MPVOption] {
        var options: [MPVOption] = [
            // We own the terminal and the keys.
            .init(name: "terminal", value: "no"),
            .init(name: "input-terminal", value: "no"),
            .init(name: "input-default-bindings", value: "no"),
            .init(name: "idle", value: "yes"),
            // No Lua: the stats overlay, console and auto-profiles are key-driven (we own the
            // keys) and each costs startup time; user scripts can come back via pass-through.
            .init(name: "load-scripts", value: "no"),
            .init(name: "load-stats-overlay", value: "no"),
            .init(name: "load-osd-console", value: "no"),
            .init(name: "load-auto-profiles", value: "no"),
            // HLS through lavf only: no plain-list fallback, no youtube-dl hook (it makes an extra
            // request without Authorization after a failed load).
            .init(name: "demuxer", value: "lavf"),
            .init(name: "demuxer-lavf-o", value: lavfOptions),
            .init(name: "ytdl", value: "no"),
            // Pause on the last frame at the end instead of unloading. Not with a frame limit:
            // mpv 0.35 then pauses at the limit (core idle, no eof-reached, no END_FILE) and
            // nothing ever tells the owner playback is over; without keep-open it ends the file.
            .init(name: "keep-open", value: configuration.frameLimit == nil ? "yes" : "no"),
            .init(name: "network-timeout", value: number(configuration.networkTimeout)),
            // Cache the demuxed stream even when the playlist is a local file with remote segments.
            .init(name: "cache", value: "yes"),
            // mpv does not check a server's certificate unless told to: media fetched over https
            // by mpv itself (`--network direct`) is checked like every request of ours.
            .init(name: "tls-verify", value: "yes"),
        ]
        switch configuration.video {
        case .window:
            options += [.init(name: "vo", value: "gpu"), .init(name: "hwdec", value: "auto-safe")]
        case .none:
            options += [.init(name: "vo", value: "null"), .init(name: "hwdec", value: "no")]
        case .terminal:
            // Software frames for the TUI's video pane: libmpv's render API (set explicitly, mpv
            // 0.38+ would open a window), decoded on the CPU, each frame shown when it is due.
            options += [.init(name: "vo", value: "libmpv"), .init(name: "hwdec", value: "no"),
                        .init(name: "video-timing-offset", value: "0")]
        }
        if !configuration.audio { options.append(.init(name: "aid", value: "no")) }
        if let frames = configuration.frameLimit { options.append(.init(name: "frames", value: String(max(frames, 0)))) }
        options.append(.init(name: "mute", value: muted ? "yes" : "no"))
        options.append(.init(name: "volume", value: number(volume)))
        // The session's playback speed from the first frame on (mpv keeps the pitch: audio-pitch-correction).
        if speed != 1 { options.append(.init(name: "speed", value: number(speed))) }
        // The session's zoom and pan (Alt+- Alt++ Alt+arrows), from the first frame on.
        if framing.zoom != 0 { options.append(.init(name: "video-zoom", value: number(framing.zoom))) }
        if framing.panX != 0 { options.append(.init(name: "video-pan-x", value: number(framing.panX))) }
        if framing.panY != 0 { options.append(.init(name: "video-pan-y", value: number(framing.panY))) }
        // A start position on a local fMP4 playlist is reached without it (see FragmentedPlaylist).
        if start > 0 { options.append(.init(name: "start", value: number(start))) }
        if source.isLiveFeed { options += liveFeedOptions }
        if let authorities = source.certificateAuthorityFile {
            options.append(.init(name: "tls-ca-file", value: authorities))
        }
        if let token = source.authorizationToken {
            options.append(.init(name: "http-header-fields", value: try authorizationHeader(token)))
        }
        return options + overrides + configuration.extraOptions
    }

    /// A camera live (``MediaSource/isLiveFeed``): lavf's `mpjpeg` demuxer named (the part
    /// headers carry no time, nothing to probe for), no cache (a picture is shown when it
    /// arrives, not after a readahead), untimed (no pacing by timestamps the feed does not
    /// have), the smallest probe, and no readahead: mpv gives the feed's pictures made-up times 25
    /// a second, and its default second of readahead waited for 25 pictures before the first was
    /// shown (5 s of a 5 fps feed).
    static let liveFeedOptions: [MPVOption] = [
        .init(name: "demuxer-lavf-format", value: "mpjpeg"),
        .init(name: "cache", value: "no"),
        .init(name: "untimed", value: "yes"),
        .init(name: "demuxer-lavf-probesize", value: "32"),
        .init(name: "demuxer-lavf-analyzeduration", value: "0"),
        .init(name: "demuxer-readahead-secs", value: "0"),
        .init(name: "keep-open", value: "no"),
    ]

    /// `Authorization: <token>` as one item of mpv's comma-separated string list (`,` -> `\,`).
    static func authorizationHeader(_ token: String) throws -> String {
        guard !token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { throw PlayerError(.invalidToken) }
        return "Authorization: " + token.replacingOccurrences(of: ",", with: "\\,")
    }

    /// A locale-independent decimal: `number(10) == "10"`, `number(12.5) == "12.5"`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
