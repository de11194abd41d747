import DemoBackend
import Foundation
import TestSupport
import Testing

/// Camera health in the real TUI against the demo's Frigate flavour under tmux: the `c` picker
/// shows each camera's capture rate from `GET /api/stats` and the camera Frigate gets nothing
/// from as offline, and the timeline's lane says so too; the stats are asked for when the picker
/// or the timeline opens, not before and not in a storm.
@Suite(.serialized, .machineShare) struct TUICameraHealthTests {
    static func rows(_ screen: String) -> [String] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func thePickerShowsAnOnlineCamerasRateAndTheOfflineCameraAndSoDoesItsLane() async throws {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        configuration.frigate.offlineCameras = ["driveway"]
        let server = try await DemoServer.start(configuration)
        defer { Task { await server.stop() } }
        let binary = try Binary()
        let url = server.baseURL.absoluteString
        let login = try await binary.loginFrigate(server.baseURL)
        try #require(login.status == 0, "\(login.stderr)")

        let pane = try Tmux(socket: "ep-e2e-health-\(getpid())")
        defer {
            pane.run(["kill-server"])
            try? FileManager.default.removeItem(at: binary.home)
        }
        pane.start(columns: 120, rows: 32, environment: binary.paneEnvironment,
                   command: binary.paneScript("--server \(url) --video none --no-audio"))
        try await Tmux.offPool { try pane.waitFor(" loaded") }
        let before = await server.requestLog().filter { $0.path == "/api/stats" }
        #expect(before.isEmpty, "nothing shows health yet: nothing asked")

        try await Tmux.offPool {
            pane.keys("c")
            try pane.waitUntil("the picker with garage's rate, driveway offline and Side Gate disabled") { screen in
                let rows = Self.rows(screen)
                return rows.contains { $0.contains("garage") && $0.contains("● 5 fps") }
                    && rows.contains { $0.contains("driveway") && $0.contains("offline") && !$0.contains("fps") }
                    && rows.contains { $0.contains("Side Gate") && $0.contains("disabled") }
                    && rows.contains { $0.contains("Front Door") && $0.contains("● 5 fps") }
            }
            pane.keys("Escape")
            try pane.waitUntil("the picker closed") { !$0.contains("Enter picks") }
            pane.keys("T")
            try pane.waitUntil("driveway's lane says it is offline", seconds: 20) { screen in
                let lanes = Self.rows(screen).map { $0.drop { $0 == " " } }
                return lanes.contains { $0.hasPrefix("driveway") && $0.contains("offline") }
                    && lanes.contains { $0.hasPrefix("garage") && $0.contains("● 5 fps") }
            }
        }
        let asked = await server.requestLog().filter { $0.path == "/api/stats" }
        #expect((1...3).contains(asked.count), "asked when the picker opened (and at most again within 15 s): \(asked.count)")
        #expect(asked.allSatisfy { $0.status == 200 })
        try await Tmux.offPool {
            pane.keys("Escape")
            try pane.waitUntil("the list again") { !$0.contains("Timeline ·") && $0.contains(" loaded") }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
        }
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("eyJ"), "no JWT in the log")
    }
}
