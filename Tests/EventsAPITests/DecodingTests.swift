import Foundation
@testable import EventsAPI
import Testing

@Suite("Decoding the events contract")
struct DecodingTests {
    let base = """
    {"events":[
      {"id":"a","cameraName":"Front Door","startTime":"2026-11-20T10:00:00Z","endTime":"2026-11-20T10:00:42.250Z",
       "bucket":"30-days","videoUrl":"https://h/v.m3u8","unknownField":{"x":1}},
      {"id":"b","cameraName":"Driveway","bucket":"7-days","videoUrl":"https://h/b.m3u8"},
      {"id":"c","cameraName":"Garage","startTime":"2026-11-20T09:00:00.5+00:00","endTime":null,
       "bucket":"7-days","videoUrl":"https://h/c.m3u8","title":"Parcel"}
    ],"nextCursor":"next-1"}
    """

    @Test func aMalformedEventIsSkippedAndCountedNotFatal() throws {
        let body = try APIDecoding.decode(EventsPageBody.self, from: Data(base.utf8), what: "events page")
        let good = body.events.compactMap { try? $0.result.get() }
        #expect(good.map(\.id) == ["a", "c"])
        #expect(body.events.count - good.count == 1)
        #expect(body.nextCursor == "next-1")
    }

    @Test func datesWithAndWithoutFractionsDecode() throws {
        let body = try APIDecoding.decode(EventsPageBody.self, from: Data(base.utf8), what: "events page")
        let a = try body.events[0].result.get()
        #expect(a.duration == 42.25)
        let c = try body.events[2].result.get()
        #expect(c.endTime == nil)
        #expect(c.title == "Parcel")
    }

    @Test func aMissingTopLevelFieldIsNamed() {
        let error = #expect(throws: EventsAPIError.self) {
            try APIDecoding.decode(EventsPageBody.self, from: Data(#"{"items":[]}"#.utf8), what: "events page")
        }
        #expect(error?.code == .notUnderstood)
        #expect(error?.message.contains("`events`") == true)
    }

    @Test func liveMeansNoEndAndStartedWithinTenMinutes() {
        let now = Date()
        let event = Event(id: "x", cameraName: "c", startTime: now.addingTimeInterval(-120), bucket: "b",
                          videoUrl: URL(string: "https://h/x.m3u8")!)
        #expect(event.isLive(at: now))
        #expect(!event.isLive(at: now.addingTimeInterval(601)))
        var ended = event
        ended.endTime = now
        #expect(!ended.isLive(at: now))
    }
}
