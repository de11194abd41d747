import Foundation

/// Camera health from Frigate's own numbers.
extension FrigateClient {
    /// Each camera's health from `GET /api/stats` (the stats snapshot Frigate takes every 15 s;
    /// not cached by its nginx): a camera capturing 0 frames a second is offline, as Frigate's
    /// web UI shows it; the capture and detection rates are kept. In the order of the cameras'
    /// ids (the keys of `cameras`).
    ///
    /// ```swift
    /// let offline = try await client.cameraHealth()?.filter { !$0.isOnline }.map(\.camera)   // ["side_gate"]
    /// ```
    public func cameraHealth() async throws -> [CameraHealth]? {
        let response = try await send(FrigatePaths.api(server, "stats"))
        let body = try APIDecoding.decode(FrigateStatsBody.self, from: response.body, what: "Frigate stats")
        return body.cameras.keys.sorted().compactMap { id -> CameraHealth? in
            guard case .success(let camera)? = body.cameras[id]?.result else { return nil }
            return CameraHealth(camera: id, isOnline: camera.camera_fps > 0, captureFPS: camera.camera_fps,
                                detectionFPS: camera.detection_fps)
        }
    }
}
