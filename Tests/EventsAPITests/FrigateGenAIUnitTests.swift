import Foundation
import Testing
@testable import EventsAPI

/// How a review item's GenAI metadata and its tracked objects are read (the Frigate backend's
/// pure parts of issue 43): each metadata field on its own, a malformed one left out and the item
/// still listed; the faces, plates and kept added from the objects; the config's semantic search.
@Suite struct FrigateGenAIUnitTests {
    static func item(_ metadata: String) throws -> FrigateReviewItem {
        let json = """
        {"id": "r1", "camera": "driveway", "start_time": 1732790000.5, "end_time": 1732790030.25, "severity": "alert",
         "data": {"objects": ["car", "person"], "zones": [], "sub_labels": ["Bob"], "detections": ["d1", "d2"], "metadata": \(metadata)}}
        """
        return try JSONDecoder().decode(FrigateReviewItem.self, from: Data(json.utf8))
    }

    static func event(_ item: FrigateReviewItem) -> Event {
        item.event(server: URL(string: "http://nvr:5000")!, names: [:], authorization: .none, now: Date())
    }

    @Test func theMetadataIsTheDescriptionAndItsTitleTheEventsTitle() throws {
        let item = try Self.item("""
            {"observations": ["a", "b", "c"], "scene": "A car pulls in.", "title": "Car pulls in", "shortSummary": "A car arrives.",
             "confidence": 0.8, "potential_threat_level": 1, "other_concerns": ["Loitering"], "time": null}
            """)
        let event = Self.event(item)
        #expect(event.title == "Car pulls in")
        #expect(event.description == EventDescription(title: "Car pulls in", scene: "A car pulls in.", summary: "A car arrives.",
                                                      confidence: 0.8, threatLevel: 1, otherConcerns: ["Loitering"]))
        #expect(event.subLabels == ["Bob"])
        #expect(FrigateClient.fields(item.data?.metadata).map(\.name) == ["Observations"], "the rest is the description")
    }

    @Test func aMalformedFieldIsLeftOutAndNoMetadataKeepsTheTitle() throws {
        let odd = Self.event(try Self.item(#"{"title": 42, "scene": "Seen.", "potential_threat_level": "high"}"#))
        #expect(odd.title == "alert: car, person, Bob" && odd.description?.scene == "Seen." && odd.description?.threatLevel == nil)
        #expect(Self.event(try Self.item("null")).description == nil)
        #expect(Self.event(try Self.item(#""not an object""#)).title == "alert: car, person, Bob", "the item still lists")
        #expect(Self.event(try Self.item(#"{"title": "  "}"#)).description == nil)
    }

    @Test func theTrackedObjectsAddFacesPlatesAndKept() throws {
        let objects = try JSONDecoder().decode([FrigateTrackedObject].self, from: Data("""
            [{"id": "d1", "label": "car", "sub_label": null, "retain_indefinitely": true,
              "data": {"top_score": 0.91, "recognized_license_plate": "AB12 CDE", "description": "A red car."}},
             {"id": "d2", "label": "person", "sub_label": "Bob, Carol", "retain_indefinitely": false, "data": {"score": 0.7}}]
            """.utf8))
        let byID = Dictionary(uniqueKeysWithValues: objects.map { ($0.id, $0) })
        let item = try Self.item("null")
        let event = FrigateClient.adding(byID, of: item, to: Self.event(item))
        #expect(event.subLabels == ["Bob", "Carol"])
        #expect(event.plates == ["AB12 CDE"])
        #expect(event.kept == false, "kept when every object is retained")
        var all = byID
        all["d2"]?.retain_indefinitely = true
        #expect(FrigateClient.adding(all, of: item, to: Self.event(item)).kept == true)
        #expect(objects[0].tracked == TrackedObject(id: "d1", label: "car", score: 0.91, plate: "AB12 CDE", description: "A red car."))
        #expect(objects[1].tracked.score == 0.7 && objects[1].tracked.subLabel == "Bob, Carol")
    }

    @Test func semanticSearchIsOnOnlyWhereTheConfigSaysSo() throws {
        func config(_ extra: String) throws -> FrigateConfigBody {
            try JSONDecoder().decode(FrigateConfigBody.self, from: Data(#"{"cameras": {}\#(extra)}"#.utf8))
        }
        #expect(try config("").semanticSearchEnabled == false)
        #expect(try config(#", "semantic_search": {"enabled": true, "model": "jinav1"}"#).semanticSearchEnabled)
        #expect(try config(#", "semantic_search": {"enabled": false}"#).semanticSearchEnabled == false)
        #expect(try config(#", "semantic_search": "odd""#).semanticSearchEnabled == false, "an odd part leaves it off; the cameras load")
    }
}
