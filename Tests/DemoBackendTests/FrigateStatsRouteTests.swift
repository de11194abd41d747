import DemoBackend
import Foundation
import TestSupport
import Testing

/// The demo's `GET /api/stats` in Frigate's own shape (frigate/stats/util.py `stats_snapshot`,
/// the web UI's `FrigateStats`): per camera the capture, process, skipped and detection rates,
/// its process ids and whether it detects; the totals, the detectors, `service`. A camera
/// switched off in the config and one named by `offlineCameras` capture 0 frames a second;
/// behind nginx's auth like the rest, and never cached.
@Suite("Frigate flavour: /api/stats")
struct FrigateStatsRouteTests {
    @Test func frigatesShapeWithAnOfflineCameraAtZeroFramesASecond() async throws {
        try await FrigateDemo.with({ $0.frigate.offlineCameras = ["driveway"] }) { frigate in
            let answer = try await frigate.get("/api/stats")
            #expect(answer.status == 200)
            #expect(answer.headers.first(name: "Content-Type") == "application/json")
            #expect(answer.headers.first(name: "X-Cache-Status") == nil, "nginx does not cache /api/stats")
            let stats = answer.json
            let cameras = try #require(stats["cameras"] as? [String: [String: Any]])
            #expect(Set(cameras.keys) == ["backyard", "driveway", "front_door", "garage", "side_gate"])
            for (name, camera) in cameras {
                for key in ["camera_fps", "process_fps", "skipped_fps", "detection_fps", "detection_enabled", "pid", "capture_pid",
                            "ffmpeg_pid", "connection_quality"] {
                    #expect(camera.keys.contains(key), "\(name) has \(key)")
                }
            }
            let garage = try #require(cameras["garage"])
            let fps = try #require(garage["camera_fps"] as? Double)
            #expect((4.85...5.15).contains(fps), "garage captures at its detect fps: \(fps)")
            #expect(garage["process_fps"] as? Double == fps)
            #expect(garage["detection_enabled"] as? Bool == true)
            #expect(garage["pid"] is Int && garage["capture_pid"] is Int)
            #expect(answer.text.contains(#""skipped_fps":0.0"#), "floats as Python writes them")
            // The offline camera and the disabled one capture nothing.
            for name in ["driveway", "side_gate"] {
                let camera = try #require(cameras[name])
                #expect(camera["camera_fps"] as? Double == 0, "\(name) captures nothing")
                #expect(camera["detection_fps"] as? Double == 0)
                #expect(camera["connection_quality"] as? String == "unusable")
            }
            #expect(cameras["driveway"]?["capture_pid"] is Int, "Frigate's capture process stays up for an unreachable camera")
            #expect(cameras["side_gate"]?["pid"] is NSNull, "a disabled camera has no process")
            let total = try #require(stats["camera_fps"] as? Double)
            let sum = cameras.values.compactMap { $0["camera_fps"] as? Double }.reduce(0, +)
            #expect(abs(total - sum) < 0.01, "the total is the cameras' sum")
            let detectors = try #require(stats["detectors"] as? [String: [String: Any]])
            #expect(detectors["cpu"]?["inference_speed"] is Double)
            let service = try #require(stats["service"] as? [String: Any])
            #expect(service["version"] as? String == frigate.demo.server.configuration.frigate.version)
            let updated = try #require(service["last_updated"] as? Int), uptime = try #require(service["uptime"] as? Int)
            #expect(abs(Double(updated) - Date().timeIntervalSince1970) <= 16, "a snapshot of the last 15 s")
            #expect(uptime >= 0 && uptime < 60)
            #expect(service["storage"] is [String: Any] && stats["processes"] is [String: Any])
        }
    }

    @Test func everyCameraCapturesWithoutTheOptionAndNoSessionIs401() async throws {
        try await FrigateDemo.with { frigate in
            let cameras = try #require(try await frigate.get("/api/stats").json["cameras"] as? [String: [String: Any]])
            #expect(cameras.filter { ($0.value["camera_fps"] as? Double ?? 0) > 0 }.keys.sorted() == ["backyard", "driveway", "front_door", "garage"])
            let viewer = try await frigate.get("/api/stats", token: try await frigate.token(DemoAccount.frigateViewer, DemoAccount.frigateViewerPassword))
            #expect(viewer.status == 200, "any signed-in user")
            let anonymous = try await frigate.demo.request(.GET, "/api/stats")
            #expect(anonymous.status == 401)
        }
    }
}
