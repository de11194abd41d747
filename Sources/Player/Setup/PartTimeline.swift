import Foundation

/// A discontinuous event's parts (``MediaSource/parts``) joined into one timeline: mpv's EDL,
/// `edl://%LEN%part0;%LEN%part1…`, with each part's own playlist as one entry.
///
/// mpv 0.35 + ffmpeg 5.1 play an HLS playlist with `#EXT-X-DISCONTINUITY` as one file whose
/// `time-pos` starts again at each join (its timestamps restart: a camera that reconnected), so
/// the end comes "early" at the last part's length; a seek or a start into a later part drops
/// every packet (ffmpeg compares the part's restarted timestamps with the target) and the
/// playback ends. In an EDL timeline each part is its own file with continuous timestamps:
/// `time-pos` and `duration` are the whole event's and a seek reaches any part.
///
/// mpv opens every part when the timeline is loaded (a request for each part's playlist and
/// first segment), not when playback reaches it.
///
/// ```swift
/// PartTimeline.url(for: [.init(start: 0, url: URL(fileURLWithPath: "/p/a.m3u8")),
///                        .init(start: 12, url: URL(fileURLWithPath: "/p/b.m3u8"))])
/// // "edl://%9%/p/a.m3u8;%9%/p/b.m3u8"
/// ```
enum PartTimeline {
    /// The EDL of `parts`; nil for fewer than two (nothing to join).
    static func url(for parts: [MediaSource.Part]) -> String? {
        guard parts.count > 1 else { return nil }
        // `%LEN%` (the entry's length in bytes) quotes any `,`, `;` or `%` in the URL.
        return "edl://" + parts.map { part in
            let name = part.url.isFileURL ? part.url.path : part.url.absoluteString
            return "%\(name.utf8.count)%\(name)"
        }.joined(separator: ";")
    }

    /// mpv's EDL demuxer for the timeline (the plan's `demuxer=lavf` would read `edl://` as media);
    /// each part is still an HLS playlist for lavf, with the plan's lavf options.
    static let demuxer = MPVOption(name: "demuxer", value: "edl")
}
