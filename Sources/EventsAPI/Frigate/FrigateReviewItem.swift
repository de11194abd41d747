import Foundation

/// One item of `GET /api/review` (Frigate's `ReviewSegmentResponse`): times are epoch seconds,
/// `end_time` is null while the item is in progress. `data.detections` are the ids of its tracked
/// objects (Frigate's `Event`s, ``FrigateTrackedObject``); `data.sub_labels` the faces (sub labels)
/// recognised among them (frigate/review/maintainer.py); `data.metadata` what the GenAI review
/// wrote (0.16+).
struct FrigateReviewItem: Decodable {
    struct Data: Decodable {
        var objects: [String]?
        var audio: [String]?
        var zones: [String]?
        var sub_labels: [String]?
        var detections: [String]?
        var metadata: Metadata?

        enum CodingKeys: String, CodingKey { case objects, audio, zones, sub_labels, detections, metadata }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            objects = try container.decodeIfPresent([String].self, forKey: .objects)
            audio = try container.decodeIfPresent([String].self, forKey: .audio)
            zones = try container.decodeIfPresent([String].self, forKey: .zones)
            sub_labels = try container.decodeIfPresent([String].self, forKey: .sub_labels)
            detections = try container.decodeIfPresent([String].self, forKey: .detections)
            // A description the client cannot read is no description: the item still lists.
            metadata = try? container.decodeIfPresent(Metadata.self, forKey: .metadata)
        }
    }

    /// `data.metadata`: `ReviewMetadata.model_dump()` (frigate/data_processing/post/types.py,
    /// written by review_descriptions.py): `title`, `scene`, `shortSummary`, `confidence`,
    /// `potential_threat_level` (0 normal, 1 suspicious, 2 critical), `other_concerns`,
    /// `observations`, `time`. Each field is read on its own: one of the wrong type is left out.
    struct Metadata: Decodable {
        var title: String?
        var scene: String?
        var shortSummary: String?
        var confidence: Double?
        var potential_threat_level: Int?
        var other_concerns: [String]?
        var observations: [String]?

        enum CodingKeys: String, CodingKey {
            case title, scene, shortSummary, confidence, potential_threat_level, other_concerns, observations
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try? container.decodeIfPresent(String.self, forKey: .title)
            scene = try? container.decodeIfPresent(String.self, forKey: .scene)
            shortSummary = try? container.decodeIfPresent(String.self, forKey: .shortSummary)
            confidence = try? container.decodeIfPresent(Double.self, forKey: .confidence)
            potential_threat_level = try? container.decodeIfPresent(Int.self, forKey: .potential_threat_level)
            other_concerns = try? container.decodeIfPresent([String].self, forKey: .other_concerns)
            observations = try? container.decodeIfPresent([String].self, forKey: .observations)
        }

        /// As eventplayer's model has it; nil when it says nothing.
        var description: EventDescription? {
            func text(_ value: String?) -> String? {
                value.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
            }
            let description = EventDescription(title: text(title), scene: text(scene), summary: text(shortSummary),
                                               confidence: confidence, threatLevel: potential_threat_level,
                                               otherConcerns: other_concerns.flatMap { $0.isEmpty ? nil : $0 })
            return description == EventDescription() ? nil : description
        }
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
        let description = data?.metadata?.description
        // The GenAI title when Frigate wrote one, else "alert: person · porch".
        var title = severity
        if !labels.isEmpty { title += ": " + labels.joined(separator: ", ") }
        if let zones = data?.zones, !zones.isEmpty { title += " · " + zones.joined(separator: ", ") }
        if let generated = description?.title { title = generated }
        var event = Event(id: id, cameraName: names[camera] ?? FrigateConfigBody.shownName(camera), title: title, startTime: start, endTime: end,
                          bucket: severity, videoUrl: FrigatePaths.vod(server: server, camera: camera, start: vodStart, end: vodEnd),
                          thumbnailUrl: thumb_path.flatMap { FrigatePaths.media(server: server, path: $0) })
        event.cameraID = camera
        event.labels = labels
        event.zones = data?.zones ?? []
        event.serverReviewed = has_been_reviewed ?? false
        event.description = description
        event.subLabels = data?.sub_labels ?? []
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
