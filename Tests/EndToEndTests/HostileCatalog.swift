import DemoBackend
import Foundation

/// A demo backend whose catalog is hostile: an event whose camera name and title carry terminal
/// control sequences (set the window title, clear the screen, C1 CSI, a bidi override), and one
/// whose master playlist names unusable variant URIs (the error quotes the URL, token and all).
/// Built from the repository's demo media in a temporary resources directory.
enum HostileCatalog {
    static let camera = "Gar\u{1B}]0;pwned\u{07}age"
    static let title = "\u{1B}]0;pwned\u{07}\u{1B}[2Jtitle\u{9B}31m\u{202E}"

    /// True when `text` holds a byte a terminal would act on (ESC, BEL, C1 CSI).
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { [0x1B, 0x07, 0x9B].contains($0.value) }
    }

    static func start() async throws -> DemoServer {
        let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = repository.appending(path: "Resources/demo")
        let resources = FileManager.default.temporaryDirectory.appending(path: "ep-hostile-\(UUID().uuidString)")
        let demo = resources.appending(path: "demo")
        try FileManager.default.createDirectory(at: demo.appending(path: "media/bad"), withIntermediateDirectories: true)
        for item in ["media/ts", "media/thumbnail.jpg"] {
            try FileManager.default.copyItem(at: source.appending(path: item), to: demo.appending(path: item))
        }
        try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=240000\nhttp://[::1/bad path/index.m3u8\n"
            .write(to: demo.appending(path: "media/bad/master.m3u8"), atomically: true, encoding: .utf8)
        var catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: source.appending(path: "catalog.json"))) as! [String: Any]
        var layouts = catalog["layouts"] as! [String: Any]
        layouts = ["ts": layouts["ts"]!, "bad": ["directory": "media/bad", "playlist": "master.m3u8", "description": "bad variant URI"]]
        catalog["layouts"] = layouts
        let base = (catalog["events"] as! [[String: Any]]).first { $0["id"] as? String == "evt-endlist" }!
        var hostile = base, bad = base
        hostile["id"] = "evt-hostile"
        hostile["cameraName"] = camera
        hostile["title"] = title
        bad["id"] = "evt-badvariant"
        bad["layout"] = "bad"
        bad["title"] = "Bad variant URI"
        catalog["events"] = [base, hostile, bad]
        try JSONSerialization.data(withJSONObject: catalog).write(to: demo.appending(path: "catalog.json"))
        var configuration = DemoConfiguration()
        configuration.resourcesDirectory = resources
        configuration.generatedEventCount = 0
        return try await DemoServer.start(configuration)
    }
}
