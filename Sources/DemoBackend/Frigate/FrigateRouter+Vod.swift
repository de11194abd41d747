import Foundation

/// nginx's own locations: `/vod/` (nginx-vod-module in mapped mode: HLS with fMP4 segments of the
/// recordings Frigate maps) and `/clips/` (review thumbnails, static files).
extension FrigateRouter {
    /// `/vod/<camera>/start/<s>/end/<e>/<file>`: `master.m3u8` (one variant), `index.m3u8` or
    /// `index-v1-a1.m3u8` (the media playlist), `init-v1-a1.mp4`, `seg-<N>-v1-a1.m4s` (N from 1).
    /// A range without recordings (or whose mapping is over nginx-vod's 1 MB), a time that is not a
    /// number, or another file: nginx's 404.
    func vod(_ request: RequestInfo) async -> Reply {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard parts.count == 7, parts[0] == "vod", parts[2] == "start", parts[4] == "end",
              let camera = frigate.catalog.camerasByName[parts[1]], let start = Double(parts[3]), let end = Double(parts[5]),
              let plan = FrigateVodPlan(catalog: frigate.catalog, camera: camera, start: start, end: end, now: now.timeIntervalSince1970)
        else { return NginxPage.reply(404) }
        // vod_max_mapping_response_size 1m: a longer mapping (about 20 h of recordings) fails, as with Frigate.
        guard plan.mappingJSON(now: now.timeIntervalSince1970, start: start).text.utf8.count <= 1 << 20 else {
            return NginxPage.reply(404)
        }
        let file = parts[6]
        guard ["master.m3u8", "index.m3u8", "index-v1-a1.m3u8", "init-v1-a1.mp4"].contains(file) || Self.segmentNumber(file) != nil
        else { return NginxPage.reply(404) }
        let media: FrigateVodMedia
        switch await frigate.media.media() {
        case .success(let loaded): media = loaded
        case .failure(let failure):
            return Reply(status: 503, headers: [("Content-Type", "text/plain")], body: Data("demo backend: \(failure)\n".utf8))
        }
        let durations = plan.clips.map { media.videoDuration(plan.mediaIndex($0, count: media.segments.count), keeping: $0.keeping) }
        switch file {
        case "master.m3u8":
            let text = "#EXTM3U\n#EXT-X-STREAM-INF:PROGRAM-ID=1,BANDWIDTH=\(media.bandwidth),RESOLUTION=\(media.width)x\(media.height),"
                + "FRAME-RATE=\(String(format: "%.3f", media.frameRate)),CODECS=\"\(media.codecs)\"\nindex-v1-a1.m3u8\n\n"
            return Reply(status: 200, headers: [("Content-Type", MediaContentType.playlist)], body: Data(text.utf8))
        case "index.m3u8", "index-v1-a1.m3u8":
            return Reply(status: 200, headers: [("Content-Type", MediaContentType.playlist)], body: Data(Self.indexPlaylist(durations).utf8))
        case "init-v1-a1.mp4":
            return Self.ranged(Reply(status: 200, headers: [("Content-Type", "video/mp4")], body: media.initSegment), request)
        default:
            guard let number = Self.segmentNumber(file), (1...plan.clips.count).contains(number) else { return NginxPage.reply(404) }
            let clip = plan.clips[number - 1]
            let body = media.segment(plan.mediaIndex(clip, count: media.segments.count), startingAt: durations.prefix(number - 1).reduce(0, +),
                                     keeping: clip.keeping, sequence: UInt32(number))
            return Self.ranged(Reply(status: 200, headers: [("Content-Type", "video/mp4")], body: body), request)
        }
    }

    /// nginx-vod's media playlist (m3u8_builder.c, fMP4, vod): durations in ms with 3 decimals.
    static func indexPlaylist(_ durations: [Double]) -> String {
        let milliseconds = durations.map { Int(($0 * 1000).rounded()) }
        let target = max(10, Int((Double(milliseconds.max() ?? 0) / 1000).rounded()))
        var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:\(target)", "#EXT-X-ALLOW-CACHE:YES", "#EXT-X-PLAYLIST-TYPE:VOD",
                     "#EXT-X-VERSION:6", "#EXT-X-MEDIA-SEQUENCE:1", "#EXT-X-MAP:URI=\"init-v1-a1.mp4\""]
        for (index, value) in milliseconds.enumerated() {
            lines.append("#EXTINF:\(value / 1000).\(String(format: "%03d", value % 1000)),")
            lines.append("seg-\(index + 1)-v1-a1.m4s")
        }
        lines.append("#EXT-X-ENDLIST")
        return lines.joined(separator: "\n") + "\n"
    }

    /// N of `seg-<N>-v1-a1.m4s`.
    private static func segmentNumber(_ file: String) -> Int? {
        guard file.hasPrefix("seg-"), file.hasSuffix("-v1-a1.m4s") else { return nil }
        return Int(file.dropFirst("seg-".count).dropLast("-v1-a1.m4s".count))
    }

    /// `Range: bytes=…` as nginx answers it on a file: 206, or its 416 page.
    private static func ranged(_ reply: Reply, _ request: RequestInfo) -> Reply {
        let answer = reply.ranged(by: request.header("Range"))
        guard answer.status == 416 else { return answer }
        var page = NginxPage.reply(416)
        page.headers.append(("Content-Range", "bytes */\(reply.body.count)"))
        return page
    }

    /// `/clips/review/thumb-<camera>-<id>.webp`: a review item's thumbnail, as nginx serves the
    /// file (JPEG bytes here; the location's `types` block has no webp, so nginx's
    /// `application/octet-stream`), cached for 7 days. Anything else under /clips/: 404.
    func clips(_ request: RequestInfo) async -> Reply {
        let prefix = "/clips/review/thumb-"
        let path = request.path.removingPercentEncoding ?? request.path
        guard path.hasPrefix(prefix), path.hasSuffix(".webp") else { return NginxPage.reply(404) }
        let name = String(path.dropFirst(prefix.count).dropLast(".webp".count))
        guard let camera = frigate.catalog.cameras.first(where: { name.hasPrefix($0.name + "-") }),
              let item = frigate.catalog.itemsByID[String(name.dropFirst(camera.name.count + 1))], item.camera == camera.name,
              let data = try? Data(contentsOf: frigate.still)
        else { return NginxPage.reply(404) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let modified = Date(timeIntervalSince1970: (item.endTime ?? item.startTime).rounded(.up))
        let etag = "\"\(String(Int(modified.timeIntervalSince1970), radix: 16))-\(String(data.count, radix: 16))\""
        let reply = Reply(status: 200, headers: [
            ("Content-Type", "application/octet-stream"), ("Last-Modified", formatter.string(from: modified)), ("ETag", etag),
            ("Expires", formatter.string(from: now.addingTimeInterval(7 * 86_400))), ("Cache-Control", "max-age=604800"),
            ("Cache-Control", "public"),
        ], body: data)
        return Self.ranged(reply, request)
    }
}
