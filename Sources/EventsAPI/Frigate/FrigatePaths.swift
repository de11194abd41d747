import Foundation

/// The URLs of Frigate's API and of its nginx (vod, clips), under the server's base URL (which
/// may have a path: Frigate behind a reverse proxy at `/frigate/`).
enum FrigatePaths {
    /// `…/api/<path>` with `query`.
    static func api(_ server: URL, _ path: String, query: [URLQueryItem] = []) -> URL {
        var url = server.appending(path: "api/" + path)
        if !query.isEmpty { url.append(queryItems: query) }
        return url
    }

    /// One review item: `…/api/review/<id>` (Frigate's `get_review`).
    static func reviewItem(_ server: URL, id: String) -> URL {
        api(server, "review").appending(path: id)
    }

    /// nginx-vod's HLS of `camera` from `start` to `end` (epoch seconds): `…/vod/<camera>/start/<s>/end/<e>/index.m3u8`.
    static func vod(server: URL, camera: String, start: Int, end: Int) -> URL {
        server.appending(path: "vod/\(camera)/start/\(start)/end/\(end)/index.m3u8")
    }

    /// A `/media/frigate/…` path as nginx serves it: `/media/frigate/clips/x` is `…/clips/x`.
    static func media(server: URL, path: String) -> URL? {
        let prefix = "/media/frigate/"
        guard path.hasPrefix(prefix), !path.contains("..") else { return nil }
        return server.appending(path: String(path.dropFirst(prefix.count)))
    }
}
