/// `/media/<bucket>/<eventId>/<file…>` split and checked: no empty, `.`, `..`, hidden or
/// slash-smuggling components (also after percent-decoding), so nothing outside the media folders.
struct MediaPath: Sendable, Equatable {
    let bucket: String
    let eventID: String
    /// The file under the event, e.g. `segment0.ts` or `320x180/index.m3u8`.
    let file: String

    enum Problem: Error, Equatable {
        /// A traversal or otherwise unsafe component.
        case unsafe
        /// Too few components.
        case incomplete
    }

    static func parse(_ rawPath: String) -> Result<MediaPath, Problem> {
        guard rawPath.hasPrefix("/media/") else { return .failure(.incomplete) }
        let raw = rawPath.dropFirst("/media/".count).split(separator: "/", omittingEmptySubsequences: false)
        var parts: [String] = []
        for component in raw {
            guard let decoded = String(component).removingPercentEncoding,
                  !decoded.isEmpty, !decoded.hasPrefix("."),
                  !decoded.contains("/"), !decoded.contains("\\"), !decoded.contains("\0")
            else { return .failure(.unsafe) }
            parts.append(decoded)
        }
        guard parts.count >= 3 else { return .failure(.incomplete) }
        return .success(MediaPath(bucket: parts[0], eventID: parts[1], file: parts[2...].joined(separator: "/")))
    }
}
