import Foundation

/// The URLs of ZoneMinder's API and web views under its base URL (`http://nvr/zm`: the server URL
/// as given, with `/zm` added when it has no path; ZoneMinder's Debian and Docker installs serve it
/// there). Tokens are not part of these: ``ZoneMinderClient`` adds `token=` to API requests, and
/// the video's credential placement adds it to media requests.
enum ZoneMinderPaths {
    /// The base the API and the web views hang from: `server` itself when it has a path (`/zm`,
    /// `/zoneminder`), else `server/zm`.
    static func base(_ server: URL) -> URL {
        let path = server.path
        return path.isEmpty || path == "/" ? server.appending(path: "zm") : server
    }

    /// `…/api/<path>.json` with `query`.
    static func api(_ base: URL, _ path: String, query: [URLQueryItem] = []) -> URL {
        var url = base.appending(path: "api/" + path + ".json")
        if !query.isEmpty { url.append(queryItems: query) }
        return url
    }

    /// The event index with CakePHP's named filters as path segments
    /// (`…/api/events/index/MonitorId:1/StartDateTime%20%3C%3D:2026-11-28%2009:46:24.json`): spaces and
    /// operators percent-encoded, the colons kept.
    static func events(_ base: URL, filters: [(field: String, value: String)], query: [URLQueryItem]) -> URL {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-_.:")
        let segments = filters.map { filter in
            (filter.field.addingPercentEncoding(withAllowedCharacters: allowed) ?? filter.field) + ":"
                + (filter.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? filter.value)
        }
        let path = (["events", "index"] + segments).joined(separator: "/")
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + "/api/" + path + ".json"
        components.queryItems = query.isEmpty ? nil : query
        return components.url!
    }

    /// The event's MP4 (`view=view_video`); a range request answers 206.
    static func video(_ base: URL, event id: String) -> URL {
        view(base, [URLQueryItem(name: "view", value: "view_video"), URLQueryItem(name: "eid", value: id)])
    }

    /// The event's snapshot (its frame of highest score), `width` pixels wide.
    static func snapshot(_ base: URL, event id: String, width: Int? = nil) -> URL {
        var items = [URLQueryItem(name: "view", value: "image"), URLQueryItem(name: "eid", value: id),
                     URLQueryItem(name: "fid", value: "snapshot")]
        if let width { items.append(URLQueryItem(name: "width", value: String(width))) }
        return view(base, items)
    }

    /// A monitor live from zms, ZoneMinder's streaming CGI (`cgi-bin/nph-zms`, under the base as
    /// Debian and the Docker images install it): `mode=jpeg`, a `multipart/x-mixed-replace` feed
    /// of JPEG pictures, at most `fps` a second, scaled to `scale` percent of the monitor's size.
    /// zms takes the access token as the `token` query item (a JWT), like the web views.
    static func liveFeed(_ base: URL, monitor id: String, fps: Int, scale: Int) -> URL {
        var url = base.appending(path: "cgi-bin/nph-zms")
        url.append(queryItems: [URLQueryItem(name: "mode", value: "jpeg"), URLQueryItem(name: "monitor", value: id),
                                URLQueryItem(name: "maxfps", value: String(fps)), URLQueryItem(name: "scale", value: String(scale))])
        return url
    }

    /// One picture of a monitor now (`mode=single`, `200 image/jpeg`), `scale` percent.
    static func livePicture(_ base: URL, monitor id: String, scale: Int) -> URL {
        var url = base.appending(path: "cgi-bin/nph-zms")
        url.append(queryItems: [URLQueryItem(name: "mode", value: "single"), URLQueryItem(name: "monitor", value: id),
                                URLQueryItem(name: "scale", value: String(scale))])
        return url
    }

    private static func view(_ base: URL, _ items: [URLQueryItem]) -> URL {
        var url = base.appending(path: "index.php")
        url.append(queryItems: items)
        return url
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
