import DemoBackend
import EventsAPI
import Foundation
import Testing

/// The one search (``EventSearch``) and the filter's local part (``EventFilter/admits(_:)``): what
/// text is searched, how faces, plates, threat and kept match, and the events service searched over
/// its titles and cameras across its pages.
@Suite struct EventSearchTests {
    static func event(title: String? = nil, camera: String = "Front Door") -> Event {
        Event(id: "e", cameraName: camera, title: title, startTime: Date(timeIntervalSince1970: 1_000), bucket: "alert",
              videoUrl: URL(string: "http://h/1.m3u8")!)
    }

    @Test func theSearchedTextIsTitleDescriptionLabelsZonesFacesPlatesAndCamera() {
        var event = Self.event(title: "alert: person · porch", camera: "Front Door")
        event.cameraID = "front_door"
        event.description = EventDescription(title: "Courier", scene: "A box is left", summary: "Delivery done")
        event.labels = ["person"]
        event.zones = ["walkway"]
        event.subLabels = ["Alice"]
        event.plates = ["AB12 CDE"]
        for text in ["PORCH", "front door", "front_door", "courier", "box is", "delivery", "Person", "WALKWAY", "alice", "ab12", "  porch "] {
            #expect(EventSearch.matches(event, text: text), "\(text)")
        }
        #expect(!EventSearch.matches(event, text: "garage"))
        #expect(EventSearch.matches(event, text: " "), "an empty text matches every event")
    }

    @Test func facesPlatesThreatAndKeptMatchWhereTheServerHasTheNotion() {
        var event = Self.event()
        event.subLabels = ["Bob"]
        event.plates = ["EVT 4242"]
        event.description = EventDescription(threatLevel: 1)
        event.kept = true
        var filter = EventFilter()
        filter.subLabel = "bob"
        filter.plate = "evt-4242"
        filter.minThreat = 1
        filter.kept = true
        #expect(filter.admits(event) && filter.matchesLocally)
        filter.minThreat = 2
        #expect(!filter.admits(event))
        filter.minThreat = nil
        filter.kept = false
        #expect(!filter.admits(event))
        // A server without the notion (kept nil) is not filtered by it; one without faces has no match.
        let plain = Self.event()
        var keptOnly = EventFilter()
        keptOnly.kept = true
        #expect(keptOnly.admits(plain))
        var face = EventFilter()
        face.subLabel = "Bob"
        #expect(!face.admits(plain))
        #expect(!EventFilter().matchesLocally && EventFilter().admits(plain))
    }

    @Test func theEventsServiceIsSearchedOverItsTitlesAndCamerasAcrossPages() async throws {
        try await withDemo { demo in
            var filter = EventFilter()
            filter.search = "NO endlist"
            let found = try await EventSearch.run(demo.client, filter: filter, pageSize: 200)
            #expect(found.answeredBy == .text && !found.cut)
            #expect(found.events.map(\.id) == ["evt-no-endlist"], "\(found.events.map(\.id))")
            #expect(found.searched > 200, "more than one page read: \(found.searched)")
            // A camera's name matches too; a page cap cuts the range and says so.
            filter.search = "garage"
            let garage = try await EventSearch.run(demo.client, filter: filter, pageSize: 10, maxPages: 2)
            #expect(garage.cut && !garage.events.isEmpty && garage.searched == 20)
            #expect(garage.events.allSatisfy { $0.cameraName == "Garage" || ($0.title ?? "").lowercased().contains("garage") })
            // The service has no semantic search: the text search answers, and says why.
            filter.search = "no endlist"
            let semantic = try await EventSearch.run(demo.client, filter: filter, semantic: true, pageSize: 50)
            #expect(semantic.answeredBy == .text && semantic.notice != nil)
            // Its details are its own fields.
            let details = try await demo.client.details(of: try #require(found.events.first))
            #expect(details.fields.map(\.name) == ["ID", "Camera", "Title", "Retention bucket"])
        }
    }
}
