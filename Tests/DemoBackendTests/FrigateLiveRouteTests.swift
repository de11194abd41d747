import AsyncHTTPClient
import DemoBackend
import Foundation
import TestSupport
import NIOCore
import Testing

/// The demo's Frigate live routes as media.py answers them: `GET /api/<camera>?fps=&height=` an
/// endless `multipart/x-mixed-replace;boundary=frame` of JPEG parts, paced at the asked fps and
/// changing over time; `GET /api/<camera>/latest.jpg`; an unknown camera 404 "Camera not found";
/// no session nginx's 401.
@Suite("Frigate flavour: live feed")
struct FrigateLiveRouteTests {
    /// The JPEG parts of the feed read for `seconds`, with the content type.
    static func readFeed(_ frigate: FrigateDemo, _ path: String, seconds: Double) async throws -> (type: String?, parts: [Data], status: Int) {
        var request = HTTPClientRequest(url: frigate.demo.server.baseURL.absoluteString + path)
        request.headers.add(name: "Authorization", value: "Bearer \(frigate.admin)")
        let response = try await frigate.demo.client.execute(request, timeout: .seconds(30))
        var bytes = Data()
        let deadline = ContinuousClock.now + .seconds(seconds)
        for try await chunk in response.body {
            bytes.append(contentsOf: chunk.readableBytesView)
            if ContinuousClock.now >= deadline { break }
        }
        // Each part: --frame\r\nContent-Type: image/jpeg\r\n\r\n<jpeg>\r\n\r\n
        let head = Data("--frame\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        var parts: [Data] = []
        var rest = bytes[...]
        while let start = rest.range(of: head) {
            let after = rest[start.upperBound...]
            guard let end = after.range(of: Data("\r\n\r\n--frame".utf8)) else { break }
            parts.append(Data(after[..<end.lowerBound]))
            rest = after[end.lowerBound...].dropFirst(4)
        }
        return (response.headers.first(name: "Content-Type"), parts, Int(response.status.code))
    }

    @Test(.enabled(if: FrigateDemo.ffmpeg != nil, "needs ffmpeg for the live pictures"))
    func theFeedIsPacedMultipartJPEGThatChanges() async throws {
        try await FrigateDemo.with { frigate in
            let feed = try await Self.readFeed(frigate, "/api/front_door?fps=5&height=180", seconds: 3)
            #expect(feed.status == 200)
            #expect(feed.type == "multipart/x-mixed-replace;boundary=frame")
            // 5 fps for 3 s: at most about 15 parts (one every 200 ms, the first after 200 ms): paced,
            // not a flood. How many fewer a loaded machine delivers is no defect of the feed, so
            // the lower bound only says that pictures flow.
            #expect((3...17).contains(feed.parts.count), "\(feed.parts.count) parts")
            #expect(feed.parts.allSatisfy { $0.starts(with: [0xFF, 0xD8]) && $0.suffix(2) == Data([0xFF, 0xD9]) })
            #expect(Set(feed.parts).count >= 5, "the picture changes: \(Set(feed.parts).count) different of \(feed.parts.count)")
            #expect(feed.parts.allSatisfy { $0.count < 40_000 }, "small pictures: \(feed.parts.map(\.count).max() ?? 0) bytes")

            let slow = try await Self.readFeed(frigate, "/api/front_door?fps=1&height=180", seconds: 2.5)
            #expect((1...3).contains(slow.parts.count), "1 fps for 2.5 s: \(slow.parts.count) parts")

            let tall = try await Self.readFeed(frigate, "/api/front_door?fps=5&height=360", seconds: 1)
            #expect((tall.parts.first?.count ?? 0) > (feed.parts.first?.count ?? .max), "360 px pictures are larger")
        }
    }

    @Test func theLatestPictureAndAnUnknownCamera() async throws {
        try await FrigateDemo.with { frigate in
            let latest = try await frigate.get("/api/front_door/latest.jpg?height=180")
            #expect(latest.status == 200 && latest.contentType == "image/jpeg")
            #expect(latest.headers.first(name: "Cache-Control") == "no-store")
            #expect(latest.body.starts(with: [0xFF, 0xD8]))
            let unknown = try await frigate.get("/api/attic?fps=1")
            #expect(unknown.status == 404)
            #expect(unknown.text == #"{"success":false,"message":"Camera not found"}"#)
            let unknownPicture = try await frigate.get("/api/attic/latest.jpg")
            #expect(unknownPicture.status == 404 && unknownPicture.text == #"{"success":false,"message":"Camera not found"}"#)
            let badFPS = try await frigate.get("/api/front_door?fps=many")
            #expect(badFPS.status == 422)
            let anonymous = try await frigate.demo.request(.GET, "/api/front_door?fps=1")
            #expect(anonymous.status == 401)
        }
    }
}
