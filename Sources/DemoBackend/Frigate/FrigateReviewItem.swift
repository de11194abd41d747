/// A review item (Frigate's `ReviewSegment`): one stretch of activity on one camera, with the
/// tracked objects (detections) in it.
struct FrigateReviewItem: Sendable {
    /// `alert` or `detection` (`SeverityEnum`).
    enum Severity: String, Sendable, CaseIterable {
        case alert, detection
    }

    let id: String
    let camera: String
    let startTime: Double
    /// nil while in progress.
    let endTime: Double?
    let severity: Severity
    /// Ids of its detections (events).
    let detections: [String]
    let objects: [String]
    let subLabels: [String]
    let zones: [String]
    let audio: [String]
    let thumbTime: Double?
    /// What the GenAI review wrote (``FrigateGenAI``); nil: none (`"metadata": null`).
    var metadata: FrigateReviewMetadata? = nil

    /// `/media/frigate/clips/review/thumb-<camera>-<id>.webp` (nginx serves it as `/clips/review/…`).
    var thumbPath: String { "/media/frigate/clips/review/thumb-\(camera)-\(id).webp" }

    /// Whether it ends after `time` or is still going (review.py's `end_time IS NULL OR end_time > after`).
    func endsAfter(_ time: Double) -> Bool { endTime.map { $0 > time } ?? true }

    /// `data`, as the review maintainer writes it.
    var data: FrigateJSON {
        .object([
            ("detections", .strings(detections)), ("objects", .strings(objects)), ("verified_objects", .array([])),
            ("sub_labels", .strings(subLabels)), ("zones", .strings(zones)), ("audio", .strings(audio)),
            ("thumb_time", .optional(thumbTime)), ("metadata", metadata?.json ?? .null),
        ])
    }

    /// A row of GET /api/review (its select order, with the user's mark).
    func listJSON(reviewed: Bool) -> FrigateJSON {
        .object(rowFields + [("has_been_reviewed", .bool(reviewed))])
    }

    /// `model_to_dict(review)` (GET /api/review/<id>, /api/review_ids).
    var modelJSON: FrigateJSON { .object(rowFields) }

    private var rowFields: [(String, FrigateJSON)] {
        [("id", .string(id)), ("camera", .string(camera)), ("start_time", .double(startTime)),
         ("end_time", .optional(endTime)), ("severity", .string(severity.rawValue)), ("thumb_path", .string(thumbPath)),
         ("data", data)]
    }
}

/// A tracked object (Frigate's `Event`), listed by GET /api/events and named by a review item's
/// `data.detections`.
struct FrigateDetection: Sendable {
    let id: String
    let label: String
    let subLabel: String?
    let camera: String
    let startTime: Double
    let endTime: Double?
    let zones: [String]
    let score: Double
    let topScore: Double
    /// Relative `[x, y, w, h]`.
    let box: [Double]
    let region: [Double]
    let severity: FrigateReviewItem.Severity
    /// The licence plate read (`data.recognized_license_plate`, with its score), on some cars.
    var plate: String? = nil
    /// The object's GenAI description (`data.description`), on the objects of items with GenAI metadata.
    var description: String? = nil

    private var dataJSON: FrigateJSON {
        var pairs: [(String, FrigateJSON)] = [
            ("box", .array(box.map(FrigateJSON.double))), ("region", .array(region.map(FrigateJSON.double))),
            ("score", .double(score)), ("top_score", .double(topScore)), ("attributes", .array([])),
            ("snapshot_clean", .bool(false)), ("average_estimated_speed", .int(0)), ("velocity_angle", .int(0)),
            ("type", .string("object")), ("max_severity", .string(severity.rawValue)), ("path_data", .array([])),
        ]
        if subLabel != nil { pairs.append(("sub_label_score", .double(0.91))) }
        if let plate { pairs += [("recognized_license_plate", .string(plate)), ("recognized_license_plate_score", .double(0.93))] }
        if let description { pairs.append(("description", .string(description))) }
        return .object(pairs)
    }

    /// A row of GET /api/events (the route's selected columns, in its order); `retained`: kept
    /// past retention (POST /api/events/<id>/retain).
    func listJSON(retained: Bool) -> FrigateJSON {
        .object([
            ("id", .string(id)), ("camera", .string(camera)), ("label", .string(label)), ("zones", .strings(zones)),
            ("start_time", .double(startTime)), ("end_time", .optional(endTime)), ("has_clip", .bool(true)),
            ("has_snapshot", .bool(true)), ("plus_id", .null), ("retain_indefinitely", .bool(retained)),
            ("sub_label", .optional(subLabel)), ("top_score", .null), ("false_positive", .null), ("box", .null),
            ("data", dataJSON),
        ])
    }

    /// Every column (GET /api/event_ids, /api/events/<id>).
    func modelJSON(retained: Bool) -> FrigateJSON {
        .object([
            ("id", .string(id)), ("label", .string(label)), ("sub_label", .optional(subLabel)), ("camera", .string(camera)),
            ("start_time", .double(startTime)), ("end_time", .optional(endTime)), ("top_score", .null), ("score", .null),
            ("false_positive", .null), ("zones", .strings(zones)), ("thumbnail", .null), ("has_clip", .bool(true)),
            ("has_snapshot", .bool(true)), ("region", .null), ("box", .null), ("area", .null),
            ("retain_indefinitely", .bool(retained)), ("ratio", .double(1)), ("plus_id", .null), ("model_hash", .null),
            ("detector_type", .string("cpu")), ("model_type", .string("ssd")), ("data", dataJSON),
        ])
    }
}
