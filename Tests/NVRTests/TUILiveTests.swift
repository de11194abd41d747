import DemoBackend
import Foundation
import TestSupport
import Testing

/// `L` in the real TUI against the demo's Frigate flavour (signed in, so its feed needs the JWT):
/// the selected item's camera live in the pane through the playback proxy, the picture changing,
/// the status bar saying `live`, the camera, the rate and the age; Esc back to the list with the
/// selection unchanged; the feed asked at the pane's size, authorised, and no token on the screen.
@Suite(.serialized, .machineShare) struct TUILiveTests {
    static let cameras = ["Front Door", "driveway", "Back Yard", "garage", "Side Gate"]

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func lShowsTheSelectedCameraLiveAndEscGoesBack() async throws {
        let (server, binary) = try await FrigateDemo.signedInBinary()
        defer { Task { await server.stop() } }
        let session = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/session.json"), encoding: .utf8)) ?? ""
        let secrets = session.matches(of: #/"(?:accessToken|refreshToken|token)"\s*:\s*"([^"]{8,})"/#).map { String($0.output.1) }
        try #require(!secrets.isEmpty, "the session has a token to look for")
        let pane = try Tmux(socket: "ep-e2e-live-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --no-audio --video terminal",
                                       exports: ["TERM": "tmux-256color", "COLORTERM": "truecolor"], unsetting: ["NO_COLOR"])
        pane.start(columns: 120, rows: 40, environment: binary.paneEnvironment, command: script)
        let (selected, live, first, second, montage, back) = try await Tmux.offPool {
            () throws -> (String, String, String, String, String, String) in
            let list = try pane.waitFor(" loaded")
            let selected = try #require(ScreenReading.selectedRow(list))
            pane.keys("L")
            let live = try pane.waitUntil("live with a rate", seconds: 30) { screen in
                let status = ScreenReading.statusLine(screen)
                return status.contains("live │") && status.contains(" fps │")
            }
            let first = pane.capture(escapes: true)
            usleep(1_500_000)
            let second = pane.capture(escapes: true)
            // `M` in the live view: every camera live as tiles; Esc back to the camera live.
            pane.keys("M")
            let montage = try pane.waitUntil("four live tiles with pictures", seconds: 30, escapes: true) { screen in
                screen.components(separatedBy: " · live ").count - 1 == 4 && screen.contains("● live")
                    && ScreenReading.colours(screen).count > 100
            }
            pane.keys("Escape")
            try pane.waitUntil("the camera live again", seconds: 30) { ScreenReading.statusLine($0).contains("live │") && ScreenReading.statusLine($0).contains(" fps │") }
            pane.keys("Escape")
            let back = try pane.waitUntil("back to the list") { !ScreenReading.statusLine($0).contains("live │") && $0.contains("Stopped") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return (selected, live, first, second, montage, back)
        }
        let camera = try #require(Self.cameras.first { selected.contains($0) }, "the selected row names a camera: \(selected)")
        #expect(ScreenReading.statusLine(live).contains("live │ \(camera) │"), "the status bar: \(ScreenReading.statusLine(live))")
        #expect(live.contains("\(camera) · live"), "the pane's title")
        #expect(ScreenReading.paneRows(first).joined().count > 1000, "a picture in the pane")
        #expect(ScreenReading.paneRows(first) != ScreenReading.paneRows(second), "the live picture changes")
        // The row's list part (a still may stand in the pane beside it by then).
        #expect(ScreenReading.selectedRow(back)?.split(separator: "│").first == selected.split(separator: "│").first,
                "the selection is where it was")
        #expect(montage.components(separatedBy: " · live ").count - 1 == 4, "M in the live view: four cameras live")

        // The feed came from Frigate's MJPEG route, at the pane's height, authorised (the demo
        // refuses it without the JWT), and the token showed nowhere.
        let feeds = await server.requestLog().filter { $0.path.hasPrefix("/api/") && ($0.query ?? "").contains("fps=") }
        let feed = try #require(feeds.first, "the MJPEG feed was asked for")
        #expect(feed.status == 200)
        let height = (feed.query ?? "").firstMatch(of: /height=(\d+)/).flatMap { Int($0.output.1) } ?? 0
        #expect(height >= 90 && height <= 40 * 12, "the pane's height in pixels: \(feed.query ?? "")")
        for screen in [live, first, second, montage, back] {
            #expect(!secrets.contains { screen.contains($0) }, "no token on the screen")
        }
    }
}
