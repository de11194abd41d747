import DemoBackend
import Foundation
import TestSupport
import Testing

/// The demo's `GET /api/labels` as Frigate's app.py answers it: the distinct labels of the
/// detections, sorted, of every camera or of `camera`; a camera outside the user's is 403; no
/// session is nginx's 401.
@Suite("Frigate flavour: /api/labels")
struct FrigateLabelsRouteTests {
    /// The distinct labels of the detections `/api/events` lists for `query`, sorted.
    static func detectionLabels(_ frigate: FrigateDemo, _ query: String) async throws -> [String] {
        let events = FrigateDemo.array(try await frigate.get("/api/events?limit=-1" + query))
        #expect(!events.isEmpty)
        return Set(events.compactMap { $0["label"] as? String }).sorted()
    }

    @Test func theDetectionsLabelsOfEveryCameraOrOne() async throws {
        try await FrigateDemo.with { frigate in
            let all = try await frigate.get("/api/labels")
            #expect(all.status == 200)
            #expect(all.headers.first(name: "Content-Type") == "application/json")
            let labels = try #require(try JSONSerialization.jsonObject(with: all.body) as? [String])
            #expect(labels == (try await Self.detectionLabels(frigate, "")))
            #expect(labels.contains("person") && labels.contains("car"), "\(labels)")

            let door = try await frigate.get("/api/labels?camera=front_door")
            let doorLabels = try #require(try JSONSerialization.jsonObject(with: door.body) as? [String])
            #expect(doorLabels == (try await Self.detectionLabels(frigate, "&cameras=front_door")))
            #expect(!doorLabels.contains("car"), "front_door tracks no cars: \(doorLabels)")
        }
    }

    @Test func aCameraItDoesNotHaveIs403AndNoSessionIs401() async throws {
        try await FrigateDemo.with { frigate in
            let attic = try await frigate.get("/api/labels?camera=attic")
            #expect(attic.status == 403)
            #expect(attic.text == #"{"success":false,"message":"Access denied to camera 'attic'"}"#)
            let anonymous = try await frigate.demo.request(.GET, "/api/labels")
            #expect(anonymous.status == 401)
        }
    }
}
