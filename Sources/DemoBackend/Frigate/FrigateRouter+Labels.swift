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

/// GET /api/sub_labels and GET /api/recognized_license_plates (app.py): the distinct sub labels
/// (faces) or plates of the tracked objects of every camera, sorted; with `split_joined=1` joined
/// ones ("Bob, John") are split.
extension FrigateRouter {
    func subLabels(_ request: RequestInfo) -> Reply {
        distinct(request, frigate.catalog.history.detections.compactMap(\.subLabel))
    }

    func recognizedPlates(_ request: RequestInfo) -> Reply {
        distinct(request, frigate.catalog.history.detections.compactMap(\.plate))
    }

    private func distinct(_ request: RequestInfo, _ values: [String]) -> Reply {
        var query = FastAPIParameters(request)
        let split = query.int("split_joined") ?? 0
        if let problem = query.problem { return problem }
        var set = Set(values)
        if split != 0 {
            set = Set(set.flatMap { $0.contains(",") ? $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : [$0] })
        }
        return .frigate(.strings(set.sorted()))
    }
}
