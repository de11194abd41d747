import Foundation

/// GET /api/labels (app.py's `get_labels`): the distinct labels of the detections (tracked
/// objects), sorted, of every camera the caller may see or of the one in `camera`; a camera
/// outside those is 403 `{"success": false, "message": "Access denied to camera '<name>'"}`.
extension FrigateRouter {
    func labels(_ request: RequestInfo) -> Reply {
        let query = FastAPIParameters(request)
        let camera = query.string("camera") ?? ""
        let allowed = Set(frigate.catalog.cameras.map(\.name))
        if !camera.isEmpty, !allowed.contains(camera) {
            return .frigate(.object([("success", .bool(false)), ("message", .string("Access denied to camera '\(camera)'"))]), status: 403)
        }
        let labels = Set(frigate.catalog.history.detections.filter { camera.isEmpty ? allowed.contains($0.camera) : $0.camera == camera }.map(\.label))
        return .frigate(.strings(labels.sorted()))
    }
}
