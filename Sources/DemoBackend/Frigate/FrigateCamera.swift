/// One camera of the Frigate demo, as its config describes it, plus what the generators need
/// (what it sees, where its recordings' 10 s grid and gaps fall).
///
/// | name | friendly_name | ui.order | record | detect | zones |
/// |---|---|---|---|---|---|
/// | `backyard` | Back Yard | 3 | on | 2560x1440 | `lawn`, `patio` |
/// | `driveway` | — | 2 | on | 1280x720 | `driveway_entrance`, `street` |
/// | `front_door` | Front Door | 1 | on | 1920x1080 | `porch`, `walkway` |
/// | `garage` | — | 0 | on | 640x480 | — |
/// | `side_gate` | Side Gate | 4 | off (and `enabled: false`) | 1280x720 | `gate` |
struct FrigateCamera: Sendable {
    struct Zone: Sendable {
        let name: String
        let coordinates: String
        let objects: [String]
        let color: [Int]
    }

    let name: String
    let friendlyName: String?
    let enabled: Bool
    let order: Int
    let recordEnabled: Bool
    let width: Int
    let height: Int
    let zones: [Zone]
    /// Objects it tracks (`objects.track`), the first ones most often.
    let labels: [String]
    /// Labels that make a review item an alert (`review.alerts.labels`).
    let alertLabels: [String]
    /// Seconds its 10 s recording segments start after a multiple of 10 s.
    let recordingPhase: Double
    /// Seconds before the server's start of its newest 20-minute recording gap (one every 6 hours).
    let gapOffset: Double

    /// Whether it makes review items and recordings.
    var records: Bool { enabled && recordEnabled }

    /// The five demo cameras, in name order (the config's order; `ui.order` differs).
    static let demo: [FrigateCamera] = [
        FrigateCamera(name: "backyard", friendlyName: "Back Yard", enabled: true, order: 3, recordEnabled: true,
                      width: 2560, height: 1440,
                      zones: [Zone(name: "lawn", coordinates: "0.05,0.55,0.62,0.48,0.7,0.98,0.02,0.99", objects: [], color: [64, 181, 91]),
                              Zone(name: "patio", coordinates: "0.62,0.48,0.98,0.5,0.99,0.98,0.7,0.98", objects: ["person"], color: [219, 141, 50])],
                      labels: ["person", "dog", "cat", "bird"], alertLabels: ["person"], recordingPhase: 6, gapOffset: 4.5 * 3600),
        FrigateCamera(name: "driveway", friendlyName: nil, enabled: true, order: 2, recordEnabled: true,
                      width: 1280, height: 720,
                      zones: [Zone(name: "driveway_entrance", coordinates: "0.3,0.6,0.7,0.6,0.8,0.99,0.2,0.99", objects: [], color: [143, 60, 207]),
                              Zone(name: "street", coordinates: "0,0.35,1,0.35,1,0.55,0,0.55", objects: ["car"], color: [47, 116, 214])],
                      labels: ["car", "person", "bicycle"], alertLabels: ["person", "car"], recordingPhase: 3, gapOffset: 2.5 * 3600),
        FrigateCamera(name: "front_door", friendlyName: "Front Door", enabled: true, order: 1, recordEnabled: true,
                      width: 1920, height: 1080,
                      zones: [Zone(name: "porch", coordinates: "0.25,0.5,0.75,0.5,0.8,0.99,0.2,0.99", objects: ["person"], color: [231, 76, 60]),
                              Zone(name: "walkway", coordinates: "0.4,0.2,0.6,0.2,0.75,0.5,0.25,0.5", objects: [], color: [26, 188, 156])],
                      labels: ["person", "package", "dog", "cat"], alertLabels: ["person"], recordingPhase: 0, gapOffset: 1.5 * 3600),
        FrigateCamera(name: "garage", friendlyName: nil, enabled: true, order: 0, recordEnabled: true,
                      width: 640, height: 480, zones: [],
                      labels: ["person", "car"], alertLabels: ["person"], recordingPhase: 8, gapOffset: 5.5 * 3600),
        FrigateCamera(name: "side_gate", friendlyName: "Side Gate", enabled: false, order: 4, recordEnabled: false,
                      width: 1280, height: 720,
                      zones: [Zone(name: "gate", coordinates: "0.3,0.1,0.7,0.1,0.7,0.9,0.3,0.9", objects: [], color: [241, 196, 15])],
                      labels: ["person"], alertLabels: ["person"], recordingPhase: 0, gapOffset: 3600),
    ]

    /// The demo's camera groups: name, cameras, icon, order.
    static let groups: [(name: String, cameras: [String], icon: String, order: Int)] = [
        ("outside", ["front_door", "driveway", "backyard"], "LuTrees", 1),
        ("all_cams", demo.map(\.name), "generic", 2),
    ]
}
