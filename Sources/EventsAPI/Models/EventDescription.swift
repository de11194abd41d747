import Foundation

/// What a server's generative model wrote about an event (Frigate 0.16+: a review item's
/// `data.metadata`, see Frigate's `frigate/data_processing/post/types.py`). Server text: escape it
/// before it reaches a terminal.
public struct EventDescription: Sendable, Codable, Hashable {
    /// A one-line title ("Courier leaves a parcel at the porch").
    public var title: String?
    /// The scene as a narrative.
    public var scene: String?
    /// A short summary.
    public var summary: String?
    /// How sure the model is, 0 to 1.
    public var confidence: Double?
    /// 0 normal, 1 suspicious, 2 a threat (Frigate's `potential_threat_level`).
    public var threatLevel: Int?
    /// Other concerns the model listed.
    public var otherConcerns: [String]?

    public init(title: String? = nil, scene: String? = nil, summary: String? = nil, confidence: Double? = nil,
                threatLevel: Int? = nil, otherConcerns: [String]? = nil) {
        self.title = title
        self.scene = scene
        self.summary = summary
        self.confidence = confidence
        self.threatLevel = threatLevel
        self.otherConcerns = otherConcerns
    }

    /// A threat level in the words of Frigate's UI (web/src/types/review.ts `THREAT_LEVEL_LABELS`):
    /// "0 (normal)", "1 (needs review)", "2 (security concern)".
    public static func threatText(_ level: Int) -> String {
        switch level {
        case 0: "0 (normal)"
        case 1: "1 (needs review)"
        case 2: "2 (security concern)"
        default: String(level)
        }
    }
}
