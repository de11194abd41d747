import Foundation
import SystemSupport

/// What Frigate's GenAI review wrote about a review item (`data.metadata`: `ReviewMetadata.model_dump()`,
/// frigate/data_processing/post/types.py): a title, a scene, a short summary, the model's
/// confidence, a threat level (0 normal, 1 suspicious, 2 critical), other concerns, observations.
struct FrigateReviewMetadata: Sendable {
    let title: String
    let scene: String
    let shortSummary: String
    let confidence: Double
    let threatLevel: Int
    let otherConcerns: [String]?
    let observations: [String]

    /// In `model_dump()`'s key order (the model's field order).
    var json: FrigateJSON {
        .object([
            ("observations", .strings(observations)), ("scene", .string(scene)), ("title", .string(title)),
            ("shortSummary", .string(shortSummary)), ("confidence", .double(confidence)),
            ("potential_threat_level", .int(threatLevel)), ("other_concerns", otherConcerns.map(FrigateJSON.strings) ?? .null),
            ("time", .null),
        ])
    }
}

/// The demo's GenAI descriptions and licence plates, added to the generated history
/// (``FrigateHistory``) the same way every run, from a seed of their own (so the items, ids and
/// times are those of a Frigate without them):
///
/// - Plates: about two cars in three have a plate read (``plates``); one car of the older half of
///   the history alone has ``rarePlate`` (a search must page to find it).
/// - Metadata: items that ended at least ``quietPeriod`` before the server's start (the newer ones
///   show as on a Frigate without GenAI, as the list tests read them), two in five of them; their
///   tracked objects get a description (`data.description`) too. Among them: the newest front door
///   person is ``parcelTitle`` (its scene alone says "cardboard box"), the newest garage person is
///   hostile (``hostileTitle``: terminal escapes in its title, scene and concerns, threat 2), and
///   some people linger (threat 1).
enum FrigateGenAI {
    static let seed: UInt64 = 0x6E4A_1D35
    /// Items newer than this before the start have no GenAI metadata.
    static let quietPeriod: Double = 6 * 3_600
    static let parcelTitle = "Courier leaves a parcel at the porch"
    /// A word only the parcel item's scene has.
    static let parcelSceneWord = "cardboard"
    /// A GenAI title with a screen clear and a window title (ESC [ 2 J, ESC ] 0 ; … BEL).
    static let hostileTitle = "\u{1B}[2J\u{1B}]0;owned\u{07}Stranger tries the garage door"
    static let plates = ["KX51 PLT", "AB12 CDE", "7ZEB392", "LM-482-QR", "GH05 TRK"]
    /// The plate only one car has, in the older half of the history.
    static let rarePlate = "EVT 4242"

    /// `items` (newest first) and `detections` with plates and descriptions.
    static func describe(items: [FrigateReviewItem], detections: [FrigateDetection], serverStart: Double,
                         cameras: [FrigateCamera]) -> ([FrigateReviewItem], [FrigateDetection]) {
        var random = SplitMix64(seed: seed)
        var items = items
        var detections = detections
        let detectionIndex = Dictionary(detections.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { a, _ in a })
        let names = Dictionary(cameras.map { ($0.name, $0.friendlyName ?? $0.name.replacingOccurrences(of: "_", with: " ")) },
                               uniquingKeysWith: { a, _ in a })

        // Plates on cars.
        for index in detections.indices where detections[index].label == "car" {
            if Int.random(in: 0..<3, using: &random) != 0 {
                detections[index].plate = plates[Int.random(in: 0..<plates.count, using: &random)]
            }
        }
        if let rare = items.indices.dropFirst(items.count / 2).first(where: { items[$0].objects.contains("car") && !items[$0].detections.isEmpty }) {
            for id in items[rare].detections {
                if let at = detectionIndex[id], detections[at].label == "car" { detections[at].plate = rarePlate }
            }
        }

        // Metadata on older finished items.
        let quiet = serverStart - quietPeriod
        var parcelDone = false, hostileDone = false
        for index in items.indices {
            let item = items[index]
            guard let end = item.endTime, end < quiet, !item.detections.isEmpty,
                  item.subLabels.allSatisfy({ !$0.contains("\u{1B}") }) else { continue }
            let place = item.zones.first.map { $0.replacingOccurrences(of: "_", with: " ") } ?? (names[item.camera] ?? item.camera).lowercased()
            let metadata: FrigateReviewMetadata
            if !parcelDone, item.camera == "front_door", item.objects.contains("person") {
                parcelDone = true
                metadata = parcel
            } else if !hostileDone, item.camera == "garage", item.objects.contains("person") {
                hostileDone = true
                metadata = hostile
            } else if Int.random(in: 0..<5, using: &random) < 2 {
                let lingers = item.objects.contains("person") && Int.random(in: 0..<4, using: &random) == 0
                metadata = ordinary(label: item.objects[0], place: place, lingers: lingers, random: &random)
            } else {
                continue
            }
            items[index].metadata = metadata
            for id in item.detections {
                guard let at = detectionIndex[id] else { continue }
                detections[at].description = objectDescription(detections[at].label, place: place, metadata: metadata)
            }
        }
        return (items, detections)
    }

    static let parcel = FrigateReviewMetadata(
        title: parcelTitle,
        scene: "A courier in a high-visibility vest walks up the path to the front door carrying a cardboard box. "
            + "They set it down on the porch beside the mat, take a photo of it with a handheld scanner, "
            + "and walk back to a van waiting on the street.",
        shortSummary: "A courier leaves a delivery on the porch and returns to the van on the street.",
        confidence: 0.86, threatLevel: 0, otherConcerns: nil,
        observations: ["A courier in a high-visibility vest approaches the door", "A box is placed on the porch beside the mat",
                       "The courier photographs the delivery and leaves"])

    static let hostile = FrigateReviewMetadata(
        title: hostileTitle,
        scene: "A person in a dark hooded jacket walks up to the garage and pulls at the side door handle twice. "
            + "\u{1B}[31mThey look around the yard\u{1B}[0m, step back towards the street and leave the frame after about "
            + "twenty seconds without entering.",
        shortSummary: "Someone tries the garage side door, looks around and leaves.\u{1B}]8;;http://evil.invalid\u{07}link",
        confidence: 0.74, threatLevel: 2, otherConcerns: ["Attempted entry\u{1B}[5m", "Face covered"],
        observations: ["A person in a dark hooded jacket approaches the garage", "The side door handle is pulled twice",
                       "The person leaves towards the street"])

    static func ordinary(label: String, place: String, lingers: Bool, random: inout SplitMix64) -> FrigateReviewMetadata {
        let confidence = Double(Int.random(in: 60...95, using: &random)) / 100
        if lingers {
            return FrigateReviewMetadata(
                title: "Person lingers at the \(place)",
                scene: "A person stands at the \(place) for well over a minute, looking towards the house and the windows. "
                    + "They walk a few steps away, come back to the same spot, and finally leave the way they came without knocking.",
                shortSummary: "A person waits at the \(place) for a long time, watching the house, then leaves.",
                confidence: confidence, threatLevel: 1, otherConcerns: ["Loitering"],
                observations: ["A person arrives at the \(place)", "The person watches the house", "The person leaves the way they came"])
        }
        let subject: String, action: String
        switch label {
        case "person": (subject, action) = ("Person", "walks through the \(place)")
        case "car": (subject, action) = ("Car", "pulls into the \(place)")
        case "package": (subject, action) = ("Package", "is left at the \(place)")
        case "bicycle": (subject, action) = ("Cyclist", "rides past the \(place)")
        default: (subject, action) = (label.prefix(1).uppercased() + label.dropFirst(), "crosses the \(place)")
        }
        return FrigateReviewMetadata(
            title: "\(subject) \(action)",
            scene: "\(subject == "Person" ? "A person" : "A " + subject.lowercased()) \(action) at an ordinary pace. "
                + "Nothing is carried in or taken away, no door or gate is touched, and the scene is quiet again within a minute "
                + "of the first movement.",
            shortSummary: "\(subject == "Person" ? "A person" : "A " + subject.lowercased()) \(action); nothing unusual happens.",
            confidence: confidence, threatLevel: 0, otherConcerns: nil,
            observations: ["\(subject) appears", "\(subject) \(action)", "The scene is quiet again"])
    }

    /// A tracked object's own description (`data.description`, as GenAI object descriptions read).
    static func objectDescription(_ label: String, place: String, metadata: FrigateReviewMetadata) -> String {
        if metadata.title == parcelTitle, label == "person" {
            return "A courier in a high-visibility vest carrying a cardboard box to the door."
        }
        if metadata.threatLevel == 2 { return "A person in a dark hooded jacket at the garage side door.\u{1B}[?25l" }
        return "A \(label) at the \(place)."
    }
}
