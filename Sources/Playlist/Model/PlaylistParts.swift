import Foundation

/// A complete media playlist cut at its `#EXT-X-DISCONTINUITY` tags (a camera that reconnected:
/// the media's timestamps may start again from 0) into one playlist per part, each playable on
/// its own with continuous timestamps.
///
/// mpv 0.35 + ffmpeg 5.1 play such a playlist as one file whose `time-pos` starts again at each
/// join and ends "early"; ffmpeg's seek into a later part drops every packet (it compares the
/// part's restarted timestamps with the target). The player instead joins the parts' playlists
/// into one timeline (mpv's EDL), where positions and seeks are the event's own.
///
/// Each part's playlist keeps the original media sequence numbers (an AES-128 key without an IV
/// uses them) and starts with the `#EXT-X-KEY` and `#EXT-X-MAP` in force at its first segment.
///
/// ```swift
/// let text = "#EXTM3U\n#EXTINF:12,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:12,\nb.ts\n#EXT-X-ENDLIST\n"
/// let parts = PlaylistParts(Data(text.utf8))!
/// parts.parts.map(\.start)   // [0, 12]
/// parts.parts[1].text        // "#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:1\n#EXTINF:12,\nb.ts\n#EXT-X-ENDLIST\n"
/// ```
public struct PlaylistParts: Sendable, Equatable {
    /// One part: its position in the event and its own playlist.
    public struct Part: Sendable, Equatable {
        /// Seconds of the whole playlist before it (the `#EXTINF` durations).
        public var start: Double
        /// The sum of its `#EXTINF` durations.
        public var duration: Double
        /// A complete media playlist of its segments only.
        public var text: String
    }

    /// The parts in order; at least two.
    public var parts: [Part]

    /// Cuts a complete (`#EXT-X-ENDLIST`) media playlist; nil for a master, a live playlist, or
    /// one without a discontinuity between segments.
    public init?(_ playlist: Data) {
        guard let text = String(data: playlist, encoding: .utf8) else { return nil }
        self.init(text: text)
    }

    init?(text: String) {
        guard text.contains("#EXT-X-DISCONTINUITY"), text.contains("#EXT-X-ENDLIST"),
              !text.contains("#EXT-X-STREAM-INF"), !text.contains("#EXT-X-MEDIA:") else { return nil }
        struct Segment { var start: Double; var duration: Double; var lines: [String]; var joins: Bool }
        var header: [String] = []
        var segments: [Segment] = []
        var pending: [String] = []
        var clock = 0.0, duration = 0.0
        for line in text.split(whereSeparator: \.isNewline).map(String.init) {
            let line = line.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line == "#EXT-X-ENDLIST" { continue }
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst(8).prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)) ?? 0
            }
            if line.hasPrefix("#") {
                if segments.isEmpty && pending.isEmpty && !Self.isSegmentTag(line) { header.append(line) } else { pending.append(line) }
            } else {
                let joins = !segments.isEmpty && pending.contains("#EXT-X-DISCONTINUITY")
                segments.append(Segment(start: clock, duration: duration, lines: pending.filter { $0 != "#EXT-X-DISCONTINUITY" } + [line], joins: joins))
                clock += duration
                duration = 0
                pending = []
            }
        }
        var firstSequence = 0
        header = header.filter { line in
            if line.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") {
                firstSequence = Int(line.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                return false
            }
            return !line.hasPrefix("#EXT-X-DISCONTINUITY-SEQUENCE")
        }
        let starts = segments.indices.filter { $0 == 0 || segments[$0].joins }
        // A hostile sequence number near Int.max: not cut (no trap), played as one file.
        guard starts.count > 1, !firstSequence.addingReportingOverflow(segments.count).overflow else { return nil }
        var parts: [Part] = []
        var key: String?, map: String?
        for (index, first) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : segments.count
            var lines = header + ["#EXT-X-MEDIA-SEQUENCE:\(firstSequence + first)"]
            // The key and the init segment in force at the part's first segment.
            if let key, !segments[first].lines.contains(where: { $0.hasPrefix("#EXT-X-KEY") }) { lines.append(key) }
            if let map, !segments[first].lines.contains(where: { $0.hasPrefix("#EXT-X-MAP") }) { lines.append(map) }
            var seconds = 0.0
            for segment in segments[first..<end] {
                lines += segment.lines
                seconds += segment.duration
                key = segment.lines.last { $0.hasPrefix("#EXT-X-KEY") } ?? key
                map = segment.lines.last { $0.hasPrefix("#EXT-X-MAP") } ?? map
            }
            lines.append("#EXT-X-ENDLIST")
            parts.append(Part(start: segments[first].start, duration: seconds, text: lines.joined(separator: "\n") + "\n"))
        }
        self.parts = parts
    }

    /// Tags that belong to the segment after them (the rest of the lines before the first
    /// segment are the playlist's header, repeated in every part).
    private static func isSegmentTag(_ line: String) -> Bool {
        ["#EXTINF", "#EXT-X-BYTERANGE", "#EXT-X-DISCONTINUITY", "#EXT-X-PROGRAM-DATE-TIME", "#EXT-X-GAP", "#EXT-X-BITRATE"]
            .contains { line.hasPrefix($0) && !line.hasPrefix("#EXT-X-DISCONTINUITY-SEQUENCE") }
    }
}
