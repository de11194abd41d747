import Foundation

/// Frigate's live routes (media.py): `GET /api/<camera>?fps=<n>&height=<px>` (`mjpeg_feed`: an
/// endless `multipart/x-mixed-replace;boundary=frame` of JPEG parts, each
/// `--frame\r\nContent-Type: image/jpeg\r\n\r\n<jpeg>\r\n\r\n`, one every 1/fps s; defaults 3 fps,
/// 360 px) and `GET /api/<camera>/latest.<jpg|jpeg|png|webp>?height=<px>` (`latest_frame`: the
/// newest picture, `Cache-Control: no-store`). An unknown camera is 404
/// `{"success":false,"message":"Camera not found"}`. The feed passes nginx's `/api/` location (its
/// cache does not keep a non-JSON answer), the picture its image location.
extension FrigateRouter {
    /// The feed's `Content-Type`, as Starlette's `StreamingResponse(media_type:)` writes it.
    static let mjpegContentType = "multipart/x-mixed-replace;boundary=frame"

    func mjpegFeed(_ request: RequestInfo, camera: String) -> Reply {
        var query = FastAPIParameters(request)
        let fps = query.int("fps") ?? 3
        let height = query.int("height") ?? 360
        if let problem = query.problem { return problem }
        guard frigate.catalog.camerasByName[camera] != nil else { return Self.cameraNotFound }
        let frames = frigate.live
        let interval = Duration.milliseconds(1000 / max(1, fps))
        return Reply(status: 200, headers: [("Content-Type", Self.mjpegContentType)], body: Data(),
                     stream: ReplyStream(interval: interval) { _ in
                         Self.mjpegPart(await frames.frame(at: Date(), height: height))
                     })
    }

    /// One part of the feed, as `imagestream` yields it.
    static func mjpegPart(_ jpeg: Data) -> Data {
        Data("--frame\r\nContent-Type: image/jpeg\r\n\r\n".utf8) + jpeg + Data("\r\n\r\n".utf8)
    }

    func latestFrame(_ request: RequestInfo, camera: String, extension ext: String) async -> Reply {
        let allowed = ["webp", "png", "jpg", "jpeg"]
        var query = FastAPIParameters(request)
        let height = query.int("height")
        guard allowed.contains(ext) else {
            return FastAPIParameters.validationFailure([FastAPIParameters.error(
                type: "enum", loc: ["path", "extension"], msg: "Input should be 'webp', 'png', 'jpg' or 'jpeg'", input: .string(ext),
                context: [("expected", .string("'webp', 'png', 'jpg' or 'jpeg'"))])])
        }
        if let problem = query.problem { return problem }
        guard frigate.catalog.camerasByName[camera] != nil else { return Self.cameraNotFound }
        let picture = await frigate.live.frame(at: now, height: height ?? 360)
        let type = ext == "jpg" || ext == "jpeg" ? "image/jpeg" : "image/\(ext)"
        return Reply(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: picture)
    }

    private static var cameraNotFound: Reply {
        .frigate(.object([("success", .bool(false)), ("message", .string("Camera not found"))]), status: 404)
    }
}
