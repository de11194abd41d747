import Foundation

/// Where a source's media comes from, as `host:port`, for messages such as "the server at
/// 127.0.0.1:8080 sent nothing for 30 s". A remote URL names it; a private `file://` playlist
/// names it in its first http(s) URI (segments, init section or variant).
enum MediaHost {
    /// `of(MediaSource(url: URL(string: "http://cdn.example/a.m3u8")!)) == "cdn.example:80"`.
    static func of(_ source: MediaSource) -> String? {
        if let origin = source.origin { return hostPort(origin) }
        if !source.url.isFileURL { return hostPort(source.url) }
        guard let handle = FileHandle(forReadingAtPath: source.url.path) else { return nil }
        defer { try? handle.close() }
        // The first URI is near the top; a huge playlist is not read whole for a message.
        let head = String(decoding: handle.readData(ofLength: 64 * 1024), as: UTF8.self)
        guard let start = head.range(of: "https://") ?? head.range(of: "http://") else { return nil }
        let rest = head[start.lowerBound...]
        let end = rest.firstIndex(where: { $0 == "\"" || $0.isWhitespace }) ?? rest.endIndex
        return URL(string: String(rest[..<end])).flatMap(hostPort)
    }

    static func hostPort(_ url: URL) -> String? {
        guard let host = url.host, !host.isEmpty else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }
}
