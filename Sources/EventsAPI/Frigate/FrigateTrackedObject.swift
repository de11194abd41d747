import Foundation

/// One of Frigate's tracked objects (its `Event` model: `GET /api/event_ids?ids=`, `GET
/// /api/events/<id>`, `GET /api/events/search`; web/src/types/event.ts): what a review item's
/// `data.detections` name. `sub_label` is the recognised face (or other sub label);
/// `data.recognized_license_plate` the plate read; `data.description` the object's GenAI
/// description; `retain_indefinitely` whether it is kept past retention
/// (`POST`/`DELETE /api/events/<id>/retain`). Times are epoch seconds.
struct FrigateTrackedObject: Decodable {
    struct Data: Decodable {
        var score: Double?
        var top_score: Double?
        var description: String?
        var recognized_license_plate: String?

        enum CodingKeys: String, CodingKey { case score, top_score, description, recognized_license_plate }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            score = try? container.decodeIfPresent(Double.self, forKey: .score)
            top_score = try? container.decodeIfPresent(Double.self, forKey: .top_score)
            description = try? container.decodeIfPresent(String.self, forKey: .description)
            recognized_license_plate = try? container.decodeIfPresent(String.self, forKey: .recognized_license_plate)
        }
    }

    var id: String
    var label: String
    var camera: String?
    var sub_label: String?
    var zones: [String]?
    var start_time: Double?
    var retain_indefinitely: Bool?
    /// The column (`GET /api/events` lists it; null since 0.14, the score moved into `data`).
    var top_score: Double?
    var data: Data?

    enum CodingKeys: String, CodingKey { case id, label, camera, sub_label, zones, start_time, retain_indefinitely, top_score, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        label = try container.decode(String.self, forKey: .label)
        camera = try? container.decodeIfPresent(String.self, forKey: .camera)
        sub_label = try? container.decodeIfPresent(String.self, forKey: .sub_label)
        zones = try? container.decodeIfPresent([String].self, forKey: .zones)
        start_time = try? container.decodeIfPresent(Double.self, forKey: .start_time)
        retain_indefinitely = try? container.decodeIfPresent(Bool.self, forKey: .retain_indefinitely)
        top_score = try? container.decodeIfPresent(Double.self, forKey: .top_score)
        data = try? container.decodeIfPresent(Data.self, forKey: .data)
    }

    /// The plate, when one was read.
    var plate: String? {
        data?.recognized_license_plate.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
    }

    /// The sub label, when there is one. Frigate may join several ("Bob, John"): each is one.
    var subLabels: [String] {
        (sub_label ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// As eventplayer's model has it: the best score Frigate kept (`data.top_score`, else the
    /// column, else `data.score`).
    var tracked: TrackedObject {
        let description = data?.description.flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 }
        return TrackedObject(id: id, label: label, score: data?.top_score ?? top_score ?? data?.score,
                             subLabel: sub_label.flatMap { $0.isEmpty ? nil : $0 }, plate: plate,
                             description: description, zones: zones ?? [])
    }
}
