import Foundation

/// The part of `GET /api/config` eventplayer reads: the cameras (name, `friendly_name`,
/// `enabled`, `ui.order`, `record.enabled`, the names of their `zones`), `camera_groups` and
/// `semantic_search.enabled`. Everything else is ignored.
struct FrigateConfigBody: Decodable {
    /// `semantic_search` (frigate/config/classification.py `SemanticSearchConfig`; off by default).
    struct SemanticSearch: Decodable { var enabled: Bool? }

    struct CameraBody: Decodable {
        struct UI: Decodable { var order: Int? }
        struct Record: Decodable { var enabled: Bool? }
        var friendly_name: String?
        var enabled: Bool?
        var ui: UI?
        var record: Record?
        /// The names of the camera's zones (their coordinates and settings are not read).
        var zones: ZoneNames?
    }

    /// The keys of a camera's `zones` object; anything else reads as none (the cameras still load).
    struct ZoneNames: Decodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        var names: [String]

        init(from decoder: any Decoder) throws {
            names = (try? decoder.container(keyedBy: Key.self))?.allKeys.map(\.stringValue) ?? []
        }
    }

    struct GroupBody: Decodable {
        var cameras: [String]?
        var order: Int?
    }

    var cameras: [String: CameraBody]
    var camera_groups: [String: GroupBody]?
    var semantic_search: SemanticSearch?

    enum CodingKeys: String, CodingKey { case cameras, camera_groups, semantic_search }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cameras = try container.decode([String: CameraBody].self, forKey: .cameras)
        camera_groups = try container.decodeIfPresent([String: GroupBody].self, forKey: .camera_groups)
        // A part the client cannot read leaves semantic search off; the cameras still load.
        semantic_search = try? container.decodeIfPresent(SemanticSearch.self, forKey: .semantic_search)
    }

    /// Whether `GET /api/events/search` answers (event.py answers 400 "Semantic search is not
    /// enabled" otherwise).
    var semanticSearchEnabled: Bool { semantic_search?.enabled ?? false }

    /// The cameras in Frigate's order: `ui.order`, then name (as its UI sorts them).
    var orderedCameras: [Camera] {
        cameras.sorted { a, b in
            let (oa, ob) = (a.value.ui?.order ?? 0, b.value.ui?.order ?? 0)
            return oa != ob ? oa < ob : a.key < b.key
        }.map { name, body in
            let friendly = body.friendly_name.flatMap { $0.isEmpty ? nil : $0 }
            return Camera(id: name, name: friendly ?? Self.shownName(name), isEnabled: body.enabled ?? true,
                          isRecording: body.record?.enabled ?? false)
        }
    }

    /// A camera without a `friendly_name` as Frigate's UI shows it: `side_gate` is "side gate".
    static func shownName(_ id: String) -> String {
        id.replacingOccurrences(of: "_", with: " ")
    }

    /// The zones of the cameras with these ids (nil: every camera), sorted, each name once (a zone
    /// filter matches the name on any camera).
    func zones(cameras ids: [String]?) -> [String] {
        let chosen = ids.map(Set.init)
        let names = cameras.filter { chosen?.contains($0.key) ?? true }.flatMap { $0.value.zones?.names ?? [] }
        return Set(names).sorted()
    }

    /// The groups by `order`, then name.
    var orderedGroups: [CameraGroup] {
        (camera_groups ?? [:]).sorted { a, b in
            let (oa, ob) = (a.value.order ?? 0, b.value.order ?? 0)
            return oa != ob ? oa < ob : a.key < b.key
        }.map { CameraGroup(name: $0.key, cameras: $0.value.cameras ?? []) }
    }
}
