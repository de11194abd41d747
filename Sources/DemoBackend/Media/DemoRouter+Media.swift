import Foundation

/// `GET /media/<bucket>/<eventId>/<file>`: bucket token check (401/403), then the file.
extension DemoRouter {
    func media(_ request: RequestInfo) async -> Reply {
        let path: MediaPath
        switch MediaPath.parse(request.path) {
        case .success(let parsed): path = parsed
        case .failure(.unsafe): return .error(400, "invalid_path", "The media path has an unsafe component (., .., hidden or encoded slash).")
        case .failure(.incomplete): return .error(404, "not_found", "Media paths look like /media/<bucket>/<eventId>/<file>.")
        }
        guard let token = request.mediaToken.token else {
            return .error(401, "missing_media_token", "Media needs the bucket's token: query Authorization=<token> or header Authorization: <token> (from /v1/events/tokens).")
        }
        guard await context.mediaTokens.accepts(token, bucket: path.bucket, generation: plan.mediaGeneration) else {
            return .error(403, "invalid_media_token", "The token is not the current token of bucket \"\(path.bucket)\" (wrong bucket, expired or replaced); fetch /v1/events/tokens again.")
        }
        guard let event = context.event(id: path.eventID), event.bucket == path.bucket else {
            return .error(404, "not_found", "No event \"\(path.eventID)\" in bucket \"\(path.bucket)\".")
        }
        if event.needsGeneratedMedia, await GeneratedMedia.prepare() == nil {
            return .error(503, "media_unavailable", "The demo backend could not make \(event.id)'s media with ffmpeg (see its log); the other events play.")
        }
        if path.file == event.failingFile {
            return .error(500, "segment_unavailable", "This segment of \(event.id) is broken on purpose (demo).")
        }
        if let hosted = hostedPlaylist(event, file: path.file, request: request) { return hosted }
        if path.file == "thumbnail.jpg" {
            return file(context.thumbnail, name: path.file)
        }
        let url = event.mediaDirectory.appendingPathComponent(path.file).standardizedFileURL
        guard url.path.hasPrefix(event.mediaDirectory.standardizedFileURL.path + "/") else {
            return .error(400, "invalid_path", "The media path leaves the event's folder.")
        }
        guard path.file == event.playlist, event.playlistMode != .asStored else {
            return file(url, name: path.file).ranged(by: request.header("Range"))
        }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            return .error(404, "not_found", "No file \(path.file) for \(event.id).")
        }
        switch event.playlistMode {
        case .live:
            let state = await context.live.playlistRequested()
            let playlist = PlaylistEditor.live(text, segments: state.visibleSegments, ended: state.ended)
            return .data(Data(playlist.utf8), contentType: MediaContentType.playlist)
        case .withoutEndList, .asStored:
            return .data(Data(PlaylistEditor.withoutEndList(text).utf8), contentType: MediaContentType.playlist)
        }
    }

    private func file(_ url: URL, name: String) -> Reply {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = try? Data(contentsOf: url)
        else { return .error(404, "not_found", "No media file \(name).") }
        return .data(data, contentType: MediaContentType.forFile(named: name, firstByte: data.first))
    }
}
