import Foundation

/// `GET /api/stats`: Frigate's stats snapshot (frigate/stats/util.py `stats_snapshot`, the web
/// UI's `FrigateStats` type), as its stats emitter keeps it: taken every 15 s
/// (`FREQUENCY_STATS_POINTS`), the route answering the newest one. Per camera `camera_fps`,
/// `process_fps`, `skipped_fps`, `detection_fps`, `detection_enabled`, `pid`, `capture_pid`,
/// `ffmpeg_pid`, audio levels and the connection quality; the totals; `detectors`;
/// `processes`; `service` (`uptime`, `version`, `latest_version`, `storage`, `last_updated`).
///
/// A camera disabled in the config (`side_gate`) and one of ``FrigateDemoOptions/offlineCameras``
/// capture nothing: 0 frames a second, `connection_quality` `unusable` (the offline one keeps
/// its process ids: Frigate's capture process stays up while ffmpeg cannot reach the camera).
/// The others capture at their `detect.fps` (5), a tenth more or less from one snapshot to the
/// next, and run detection now and then.
///
/// ```swift
/// let body = FrigateStats.snapshot(catalog: catalog, options: options, serverStart: start, now: Date())
/// ```
enum FrigateStats {
    /// Seconds between two snapshots (Frigate's `FREQUENCY_STATS_POINTS`).
    static let period: Double = 15
    /// `detect.fps` of every demo camera (FrigateConfigJSON).
    static let detectFPS: Double = 5

    static func snapshot(catalog: FrigateCatalog, options: FrigateDemoOptions, serverStart: Double, now: Date) -> FrigateJSON {
        let started = serverStart.rounded(.down)
        // The snapshot in force: the newest one taken on the 15 s grid since the start.
        let index = max(0, Int(((now.timeIntervalSince1970 - started) / period).rounded(.down)))
        let taken = Int(started) + index * Int(period)
        var cameras: [(String, FrigateJSON)] = []
        var totals = (camera: 0.0, process: 0.0, skipped: 0.0, detection: 0.0)
        for (position, camera) in catalog.cameras.enumerated() {
            let capturing = camera.enabled && !options.offlineCameras.contains(camera.name)
            // 4.9, 5.0 or 5.1, changing with each snapshot.
            let fps = capturing ? detectFPS + Double((index + position) % 3 - 1) / 10 : 0
            let detection = capturing ? Double((index * 7 + position * 3) % 5) / 10 : 0
            totals.camera += fps
            totals.process += fps
            totals.detection += detection
            let pid: FrigateJSON = camera.enabled ? .int(400 + position * 10) : .null
            let capturePID: FrigateJSON = camera.enabled ? .int(401 + position * 10) : .null
            let ffmpegPID: FrigateJSON = capturing ? .int(402 + position * 10) : .null
            let reconnects = capturing || !camera.enabled ? 0 : 12
            cameras.append((camera.name, .object([
                ("camera_fps", .double(fps)),
                ("process_fps", .double(fps)),
                ("skipped_fps", .double(0)),
                ("detection_fps", .double(detection)),
                ("detection_enabled", .bool(camera.enabled)),
                ("pid", pid),
                ("capture_pid", capturePID),
                ("ffmpeg_pid", ffmpegPID),
                ("audio_rms", .double(0)),
                ("audio_dBFS", .double(0)),
                ("connection_quality", .string(capturing ? "excellent" : "unusable")),
                ("expected_fps", .int(Int(detectFPS))),
                ("reconnects_last_hour", .int(reconnects)),
                ("stalls_last_hour", .int(0)),
            ])))
        }
        let disk: FrigateJSON = .object([("total", .double(953_869.7)), ("used", .double(412_345.6)), ("free", .double(541_524.1)),
                                         ("mount_type", .string("ext4"))])
        var storage: [(String, FrigateJSON)] = ["/media/frigate/recordings", "/media/frigate/clips", "/tmp/cache"].map { ($0, disk) }
        storage.append(("/dev/shm", .object([("total", .double(256)), ("used", .double(41.3)), ("free", .double(214.7)),
                                             ("mount_type", .string("tmpfs")), ("min_shm", .double(56.2))])))
        let processes: [(String, FrigateJSON)] = ["go2rtc", "recording", "review_segment", "audio_detector"].enumerated().map { offset, name in
            (name, FrigateJSON.object([("pid", .int(300 + offset))]))
        }
        return .object([
            ("cameras", .object(cameras)),
            ("detectors", .object([("cpu", .object([("inference_speed", .double(9.82)), ("detection_start", .double(0)),
                                                    ("pid", .int(380))]))])),
            ("camera_fps", .double(round2(totals.camera))),
            ("process_fps", .double(round2(totals.process))),
            ("skipped_fps", .double(round2(totals.skipped))),
            ("detection_fps", .double(round2(totals.detection))),
            ("embeddings", .object([])),
            ("cpu_usages", .object([])),
            ("gpu_usages", .object([])),
            ("service", .object([
                ("uptime", .int(taken - Int(started))),
                ("version", .string(options.version)),
                ("latest_version", .string("disabled")),
                ("storage", .object(storage)),
                ("last_updated", .int(taken)),
            ])),
            ("processes", .object(processes)),
        ])
    }

    /// Python's `round(x, 2)`, near enough for sums of tenths.
    private static func round2(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}

extension FrigateRouter {
    /// `GET /api/stats` (app.py's `stats`, any signed-in user): the newest snapshot; a user who is
    /// not admin sees only the cameras they may (every demo camera).
    func stats() -> Reply {
        .frigate(FrigateStats.snapshot(catalog: frigate.catalog, options: frigate.options, serverStart: frigate.serverStart, now: now))
    }
}
