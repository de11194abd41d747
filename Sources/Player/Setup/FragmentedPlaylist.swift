import Foundation

/// A private fMP4 media playlist (`#EXT-X-MAP`), read so that a seek ffmpeg would have to
/// perform can start a new handle on a playlist that *begins* at the target's segment instead.
///
/// mpv 0.35 + ffmpeg 5.1: a seek that lavf executes in fMP4 HLS (outside mpv's cache, or the
/// `start` seek of a fresh handle) resets the hls byte stream while the nested mov demuxer keeps
/// its read offset, so every packet is dropped and playback jumps to the end. A playlist that
/// starts at segment k needs no lavf seek; with `rebase-start-time=no` mpv reports the media's
/// own timestamps, and the player adds ``Trim/offset`` to mpv's (shorter) duration.
///
/// ```swift
/// if let playlist = FragmentedPlaylist(url: source.url), let trim = playlist.trimmed(at: 47) {
///     // trim.text starts at the segment holding 0:47; trim.offset == 46 (its start)
/// }
/// ```
struct FragmentedPlaylist: Sendable, Equatable {
    struct Segment: Sendable, Equatable {
        /// Seconds from the start of the playlist.
        var start: Double
        /// The segment's lines: `#EXTINF` and any other tags before its URI, then the URI.
        var lines: [String]
    }

    /// A playlist that starts at the segment holding a position.
    struct Trim: Sendable, Equatable {
        /// The playlist text.
        var text: String
        /// Where its first segment starts, in seconds of the whole playlist.
        var offset: Double
    }

    /// Lines before the first segment (`#EXTM3U`, `#EXT-X-MAP`, …).
    var header: [String]
    var segments: [Segment]
    /// Lines after the last segment (`#EXT-X-ENDLIST`).
    var trailer: [String]

    /// Reads a local media playlist with `#EXT-X-MAP`; nil for anything else (remote, master,
    /// MPEG-TS, unreadable).
    init?(url: URL) {
        guard url.isFileURL, let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        self.init(text: text)
    }

    init?(text: String) {
        guard text.contains("#EXT-X-MAP"), !text.contains("#EXT-X-STREAM-INF") else { return nil }
        header = []
        segments = []
        trailer = []
        var pending: [String] = []
        var clock = 0.0
        var duration = 0.0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init) {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst(8).prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)) ?? 0
                pending.append(line)
            } else if line.hasPrefix("#") || line.isEmpty {
                if segments.isEmpty && pending.isEmpty { header.append(line) } else { pending.append(line) }
            } else {
                segments.append(Segment(start: clock, lines: pending + [line]))
                clock += duration
                pending = []
            }
        }
        trailer = pending
        guard !segments.isEmpty else { return nil }
    }

    /// The playlist from the segment holding `position` on (nil when that is the first one).
    /// Tags that apply to the segments after them (`#EXT-X-MAP`, `#EXT-X-KEY`) and appear
    /// among the dropped segments move into the header.
    func trimmed(at position: Double) -> Trim? {
        guard let index = segments.lastIndex(where: { $0.start <= position + 0.001 }), index > 0 else { return nil }
        var head = header.filter { !$0.hasPrefix("#EXT-X-MEDIA-SEQUENCE") }
        let firstSequence = header.first { $0.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") }
            .flatMap { Int($0.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        head.append("#EXT-X-MEDIA-SEQUENCE:\(firstSequence + index)")
        for segment in segments[..<index] {
            for line in segment.lines where line.hasPrefix("#EXT-X-MAP") || line.hasPrefix("#EXT-X-KEY") { head.append(line) }
        }
        let body = segments[index...].flatMap(\.lines)
        return Trim(text: (head + body + trailer).joined(separator: "\n"), offset: segments[index].start)
    }
}
