import Foundation

/// `Resources/demo/catalog.json`: media layouts, the fixed events, and how to generate the rest.
struct DemoCatalog: Decodable, Sendable {
    struct Layout: Decodable, Sendable {
        let directory: String
        let playlist: String
        /// `generated`: `directory` is under the generated media (``GeneratedMedia``), not `Resources/demo`.
        let source: String?

        var isGenerated: Bool { source == "generated" }
    }

    enum PlaylistMode: String, Decodable, Sendable {
        /// Serve the stored playlist as it is.
        case asStored
        /// Serve the stored playlist without `#EXT-X-ENDLIST` (and without `PLAYLIST-TYPE:VOD`).
        case withoutEndList
        /// A growing playlist derived from the stored one.
        case live
    }

    struct FixedEvent: Decodable, Sendable {
        let id: String
        let cameraName: String
        let title: String?
        let bucket: String
        let layout: String
        let playlistMode: PlaylistMode
        let startOffsetSeconds: Double
        let durationSeconds: Double?
        let videoUrlQuery: String?
        let failingFile: String?
    }

    struct Generated: Decodable, Sendable {
        let idPrefix: String
        let layout: String
        let newestOffsetSeconds: Double
        var spanDays: Double
        let seed: UInt64
        let cameras: [String]
        let buckets: [String]
        let titles: [String]
        let titledPercent: Int
        let minDurationSeconds: Int
        let maxDurationSeconds: Int
    }

    let segmentDurationSeconds: Double
    let tokenBuckets: [String]
    let thumbnail: String
    let layouts: [String: Layout]
    let events: [FixedEvent]
    var generated: Generated

    static func load(from resources: URL) throws -> DemoCatalog {
        let url = resources.appendingPathComponent(ResourceLocator.marker)
        let catalog: DemoCatalog
        do {
            catalog = try JSONDecoder().decode(DemoCatalog.self, from: Data(contentsOf: url))
        } catch {
            throw DemoBackendError(.invalidCatalog, "demo backend: cannot read \(url.path): \(error)")
        }
        let names = catalog.events.map(\.layout) + [catalog.generated.layout]
        if let missing = names.first(where: { catalog.layouts[$0] == nil }) {
            throw DemoBackendError(.invalidCatalog, "demo backend: \(url.path) names layout \"\(missing)\", which it does not define")
        }
        return catalog
    }
}
