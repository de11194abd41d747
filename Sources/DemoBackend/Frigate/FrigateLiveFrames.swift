import Foundation

/// The pictures the Frigate flavour's live routes serve (``FrigateRouter/mjpegFeed(_:camera:)``,
/// ``FrigateRouter/latestFrame(_:camera:extension:)``): 12 s of a moving test picture with its
/// frame number at ``rate`` frames a second, made by ffmpeg with the demo media
/// (``GeneratedMediaRecipe/makeLiveFrames()``) at each of ``heights``, played in a loop on the
/// wall clock, so two requests a moment apart see different pictures. Without ffmpeg every
/// frame is the demo's still.
actor FrigateLiveFrames {
    /// The heights made; a request gets the smallest at least as high as it asks (else the largest).
    static let heights = [180, 360]
    /// Frames a second of the loop (a camera's detect fps).
    static let rate = 5
    /// Seconds in the loop.
    static let seconds = 12

    private let still: URL
    private var frames: [Int: [Data]]?

    init(still: URL) {
        self.still = still
    }

    /// The picture the camera shows at `date`, about `height` pixels high.
    func frame(at date: Date, height: Int) async -> Data {
        let loaded = await load()
        let size = Self.heights.first { $0 >= height } ?? Self.heights.last ?? 0
        guard let pictures = loaded[size], !pictures.isEmpty else {
            return (try? Data(contentsOf: still)) ?? Data()
        }
        let tick = Int((date.timeIntervalSince1970 * Double(Self.rate)).rounded(.down))
        return pictures[tick % pictures.count]
    }

    private func load() async -> [Int: [Data]] {
        if let frames { return frames }
        var loaded: [Int: [Data]] = [:]
        if let folder = await GeneratedMedia.prepareLive() {
            for height in Self.heights {
                let dir = folder.appending(path: "live/\(height)", directoryHint: .isDirectory)
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
                    .filter { $0.hasSuffix(".jpg") }.sorted()
                loaded[height] = names.compactMap { try? Data(contentsOf: dir.appending(path: $0)) }
            }
        }
        frames = loaded
        return loaded
    }
}
