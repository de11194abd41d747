import Foundation

/// Where a local media playlist's parts start after each `#EXT-X-DISCONTINUITY`, in seconds of
/// the whole playlist (the `#EXTINF` durations before them): the exact position a restart of the
/// timestamps continues from. mpv resets playback when audio timestamps jump back and drops the
/// frames it had queued, so the last `time-pos` seen before the restart falls short of the join.
///
/// ```swift
/// DiscontinuityMap(text: "#EXTM3U\n#EXTINF:12,\na.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:12,\nb.ts\n")?.partStarts  // [12]
/// ```
struct DiscontinuityMap: Sendable, Equatable {
    /// Ascending starts of the parts after the first.
    var partStarts: [Double]

    /// Reads a local media playlist; nil when it is not a file, not readable or has no discontinuity.
    init?(url: URL) {
        guard url.isFileURL, let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        self.init(text: text)
    }

    init?(text: String) {
        guard text.contains("#EXT-X-DISCONTINUITY") else { return nil }
        var starts: [Double] = []
        var clock = 0.0, duration = 0.0, pending = false
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("#EXTINF:") {
                duration = Double(line.dropFirst(8).prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)) ?? 0
            } else if line.hasPrefix("#EXT-X-DISCONTINUITY-SEQUENCE") {
                continue
            } else if line.hasPrefix("#EXT-X-DISCONTINUITY") {
                pending = true
            } else if !line.hasPrefix("#") {
                if pending, clock > 0 { starts.append(clock) }
                pending = false
                clock += duration
                duration = 0
            }
        }
        guard !starts.isEmpty else { return nil }
        partStarts = starts
    }

    /// The first part start after `position` (the join a restart seen there continues from).
    func nextStart(after position: Double) -> Double? {
        partStarts.first { $0 > position + 0.001 }
    }
}
