import Foundation

/// One event the backend serves, fixed (from the catalog) or generated.
struct DemoEvent: Sendable {
    let id: String
    let cameraName: String
    let title: String?
    let bucket: String
    /// Media directory (absolute) and the playlist file inside it.
    let mediaDirectory: URL
    let playlist: String
    let playlistMode: DemoCatalog.PlaylistMode
    let startTime: Date
    /// nil while live (see ``LiveClock`` for when `evt-live` ends).
    let endTime: Date?
    /// Extra query for `videoUrl` (e.g. a stale `Authorization`).
    let videoUrlQuery: String?
    /// A file under the event that always answers 500.
    let failingFile: String?
    /// Its media is made with ffmpeg (``GeneratedMedia``): requests wait until it is made.
    var needsGeneratedMedia = false

    var isLive: Bool { playlistMode == .live }

    /// `(startTime, id)` ordering: newest first, then by id.
    static func newestFirst(_ a: DemoEvent, _ b: DemoEvent) -> Bool {
        a.startTime != b.startTime ? a.startTime > b.startTime : a.id < b.id
    }
}
