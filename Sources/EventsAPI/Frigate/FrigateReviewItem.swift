import Foundation

/// One item of `GET /api/review` (Frigate's `ReviewSegmentResponse`): times are epoch seconds,
/// `end_time` is null while the item is in progress.
struct FrigateReviewItem: Decodable {
    struct Data: Decodable {
        var objects: [String]?
        var audio: [String]?
        var zones: [String]?
        var sub_labels: [String]?
        var detections: [String]?
    }

    var id: String
    var camera: String
    var start_time: Double
    var end_time: Double?
    var severity: String
    var thumb_path: String?
    var data: Data?
    var has_been_reviewed: Bool?

    /// Seconds of video before the start and after the end, as Frigate's UI plays an item (`REVIEW_PADDING`).
    static let padding: Double = 4

    /// The item as an ``Event`` of `server`; `names` maps camera ids to friendly names; `now`
    /// ends the video of an item still in progress: nginx-vod's playlist is a closed clip up to
    /// then (``InProgressMedia/clipUntilAsked``), to be asked for again to play on
    /// (``FrigateClient/refreshed(_:)``).
    func event(server: URL, names: [String: String], authorization: MediaAuthorization, now: Date) -> Event {
        let start = Date(timeIntervalSince1970: start_time)
        let end = end_time.map { Date(timeIntervalSince1970: $0) }
        let vodStart = Int((start_time - Self.padding).rounded(.down))
        let vodEnd = Int(((end_time ?? now.timeIntervalSince1970) + Self.padding).rounded(.up))
        let labels = (data?.objects ?? []) + (data?.audio ?? []) + (data?.sub_labels ?? [])
        var title = severity
        if !labels.isEmpty { title += ": " + labels.joined(separator: ", ") }
        if let zones = data?.zones, !zones.isEmpty { title += " · " + zones.joined(separator: ", ") }
        var event = Event(id: id, cameraName: names[camera] ?? FrigateConfigBody.shownName(camera), title: title, startTime: start, endTime: end,
                          bucket: severity, videoUrl: FrigatePaths.vod(server: server, camera: camera, start: vodStart, end: vodEnd),
                          thumbnailUrl: thumb_path.flatMap { FrigatePaths.media(server: server, path: $0) })
        event.cameraID = camera
        event.labels = labels
        event.zones = data?.zones ?? []
        event.serverReviewed = has_been_reviewed ?? false
        event.authorization = authorization
        event.inProgressMedia = .clipUntilAsked
        return event
    }
}

/// `GET /api/<camera>/recordings` items: epoch seconds.
struct FrigateRecordingBody: Decodable {
    var start_time: Double
    var end_time: Double
    var motion: Double?
}
