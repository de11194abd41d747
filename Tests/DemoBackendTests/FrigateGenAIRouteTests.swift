import DemoBackend
import Foundation
import TestSupport
import Testing

/// The demo's Frigate routes of issue 43 as Frigate's source answers them: review items' GenAI
/// `data.metadata` in `ReviewMetadata`'s keys, faces and plates (`/api/sub_labels`,
/// `/api/recognized_license_plates`, `data.recognized_license_plate`), retain with
/// `require_role(["admin"])`, and `/api/events/search` only with `semantic_search.enabled`.
@Suite("Frigate flavour: GenAI, faces, plates, retain, semantic search")
struct FrigateGenAIRouteTests {
    static func object(_ answer: DemoHarness.Answer) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any] ?? [:]
    }

    @Test func olderItemsCarryGenAIMetadataInReviewMetadatasKeys() async throws {
        try await FrigateDemo.with { frigate in
            let items = try await frigate.reviews("after=1")
            let described = items.compactMap { ($0["data"] as? [String: Any])?["metadata"] as? [String: Any] }
            #expect(described.count > 20 && described.count < items.count, "\(described.count) of \(items.count)")
            let parcel = try #require(described.first { $0["title"] as? String == "Courier leaves a parcel at the porch" })
            #expect(Set(parcel.keys) == ["observations", "scene", "title", "shortSummary", "confidence", "potential_threat_level",
                                         "other_concerns", "time"])
            #expect((parcel["scene"] as? String)?.contains("cardboard box") == true)
            #expect(described.contains { $0["potential_threat_level"] as? Int == 2 && ($0["title"] as? String)?.contains("\u{1B}") == true })
            // The newest 6 hours are as on a Frigate without GenAI.
            let recent = try await frigate.reviews("after=\(Date().timeIntervalSince1970 - 6 * 3_600)")
            #expect(!recent.isEmpty && recent.allSatisfy { ($0["data"] as? [String: Any])?["metadata"] is NSNull })
        }
    }

    @Test func facesAndPlatesAreListedAndFilter() async throws {
        try await FrigateDemo.with { frigate in
            let faces = try #require(try JSONSerialization.jsonObject(with: try await frigate.get("/api/sub_labels?split_joined=1").body) as? [String])
            #expect(faces.contains("Alice") && faces == faces.sorted(), "\(faces)")
            let plates = try #require(try JSONSerialization.jsonObject(with: try await frigate.get("/api/recognized_license_plates").body) as? [String])
            #expect(plates.contains("EVT 4242") && plates == plates.sorted(), "\(plates)")
            let rare = FrigateDemo.array(try await frigate.get("/api/events?limit=-1&recognized_license_plate=EVT%204242"))
            #expect(rare.count == 1 && (rare.first?["data"] as? [String: Any])?["recognized_license_plate"] as? String == "EVT 4242")
            let alice = FrigateDemo.array(try await frigate.get("/api/events?limit=-1&sub_labels=alice"))
            #expect(!alice.isEmpty && alice.allSatisfy { $0["sub_label"] as? String == "Alice" })
        }
    }

    @Test func retainIsForAdminsAndSetsRetainIndefinitely() async throws {
        try await FrigateDemo.with { frigate in
            let id = try #require(FrigateDemo.array(try await frigate.get("/api/events?limit=1")).first?["id"] as? String)
            let viewer = try await frigate.token(DemoAccount.frigateViewer, DemoAccount.frigateViewerPassword)
            let refused = try await frigate.request(.POST, "/api/events/\(id)/retain", token: viewer)
            #expect(refused.status == 403 && refused.text == #"{"detail":"Role viewer not authorized. Required: admin"}"#, "\(refused.text)")

            let retained = try await frigate.request(.POST, "/api/events/\(id)/retain")
            #expect(retained.status == 200 && retained.text == #"{"success":true,"message":"Event \#(id) retained"}"#, "\(retained.text)")
            #expect(Self.object(try await frigate.get("/api/events/\(id)"))["retain_indefinitely"] as? Bool == true)
            #expect(FrigateDemo.array(try await frigate.get("/api/events?favorites=1")).map { $0["id"] as? String } == [id])

            let undone = try await frigate.request(.DELETE, "/api/events/\(id)/retain")
            #expect(undone.text == #"{"success":true,"message":"Event \#(id) un-retained"}"#)
            // nginx cached the last answer for 5 s: past it.
            let fresh = try await frigate.get("/api/events/\(id)", headers: [("X-Cache-Bypass", "1")])
            #expect(Self.object(fresh)["retain_indefinitely"] as? Bool == false)
            let unknown = try await frigate.request(.POST, "/api/events/nope/retain")
            #expect(unknown.status == 404 && unknown.text == #"{"success":false,"message":"Event nope not found"}"#)
        }
    }

    @Test func semanticSearchAnswersOnlyWhenTheConfigTurnsItOn() async throws {
        try await FrigateDemo.with { frigate in
            let config = Self.object(try await frigate.get("/api/config"))
            #expect((config["semantic_search"] as? [String: Any])?["enabled"] as? Bool == false)
            let off = try await frigate.get("/api/events/search?query=courier&search_type=description,thumbnail")
            #expect(off.status == 400 && off.text == #"{"success":false,"message":"Semantic search is not enabled"}"#)
        }
        try await FrigateDemo.with({ $0.frigate.semanticSearch = true }) { frigate in
            let config = Self.object(try await frigate.get("/api/config"))
            #expect((config["semantic_search"] as? [String: Any])?["enabled"] as? Bool == true)
            let found = FrigateDemo.array(try await frigate.get("/api/events/search?query=Courier&search_type=description,thumbnail"))
            #expect(found.count == 1 && found.first?["search_source"] as? String == "description")
            #expect((found.first?["data"] as? [String: Any])?["description"] as? String == "A courier in a high-visibility vest carrying a cardboard box to the door.")
            let none = try await frigate.get("/api/events/search")
            #expect(none.status == 400 && none.text.contains("A search query must be supplied"))
        }
    }
}
