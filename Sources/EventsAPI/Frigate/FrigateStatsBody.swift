/// The part of `GET /api/stats` eventplayer reads (frigate/stats/util.py `stats_snapshot`): each
/// camera's `camera_fps` (frames a second its capture takes from the camera; 0 when Frigate gets
/// nothing) and `detection_fps`. Everything else (process ids, detectors, storage, `service`) is
/// ignored. A camera whose entry does not decode is left out; the others still count.
struct FrigateStatsBody: Decodable {
    struct CameraBody: Decodable {
        var camera_fps: Double
        var detection_fps: Double?
    }

    var cameras: [String: Lossy<CameraBody>]
}
