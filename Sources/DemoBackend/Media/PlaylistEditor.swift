/// Derives the served playlist from the stored one (no ENDLIST; the live window).
enum PlaylistEditor {
    /// The stored playlist without `#EXT-X-ENDLIST` and `#EXT-X-PLAYLIST-TYPE`.
    static func withoutEndList(_ text: String) -> String {
        lines(text).filter { !$0.hasPrefix("#EXT-X-ENDLIST") && !$0.hasPrefix("#EXT-X-PLAYLIST-TYPE") }
            .joined(separator: "\n") + "\n"
    }

    /// The first `segments` segments as a growing `EVENT` playlist, with `#EXT-X-ENDLIST` when `ended`.
    static func live(_ text: String, segments: Int, ended: Bool) -> String {
        let all = lines(text).filter { !$0.hasPrefix("#EXT-X-ENDLIST") && !$0.hasPrefix("#EXT-X-PLAYLIST-TYPE") }
        let firstSegment = all.firstIndex { $0.hasPrefix("#EXTINF") } ?? all.count
        var header = Array(all[..<firstSegment])
        var body: [String] = []
        var pending: [String] = []
        var count = 0
        for line in all[firstSegment...] where count < segments {
            pending.append(line)
            if !line.hasPrefix("#") {   // a URI line closes one segment
                body += pending
                pending = []
                count += 1
            }
        }
        if let index = header.firstIndex(where: { $0.hasPrefix("#EXTM3U") }) {
            header.insert("#EXT-X-PLAYLIST-TYPE:EVENT", at: header.index(after: index))
        }
        return (header + body + (ended ? ["#EXT-X-ENDLIST"] : [])).joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
    }
}
