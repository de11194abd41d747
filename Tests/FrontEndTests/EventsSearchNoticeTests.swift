import CLIFrontEnd
import EventsAPI
import Foundation
import Testing

/// What `events --search` says on standard error: which search answered, how much it read, and
/// that the range or the list was cut.
@Suite struct EventsSearchNoticeTests {
    static let request = EventsListing.Request(limit: 50)

    @Test func theTextSearchSaysWhatItReadAndWhereItWasCut() {
        let whole = EventsListing.searchNotices(EventSearch.Found(events: [], cut: false, answeredBy: .text, searched: 812), Self.request)
        #expect(whole == ["search: text search answered: 0 matches in 812 events read"])
        let cut = EventsListing.searchNotices(EventSearch.Found(events: [], cut: true, limited: true, answeredBy: .text, searched: 5_000),
                                              Self.request)
        #expect(cut.count == 3)
        #expect(cut[1].contains("the range was cut after 5000 events") && cut[1].contains("--since/--until"))
        #expect(cut[2].contains("more than 50 matches") && cut[2].contains("--all"))
    }

    @Test func itSaysWhichSearchAnswered() {
        let event = Event(id: "e", cameraName: "Front Door", startTime: Date(timeIntervalSince1970: 0), bucket: "alert",
                          videoUrl: URL(string: "http://h/1.m3u8")!)
        let semantic = EventsListing.searchNotices(EventSearch.Found(events: [event], cut: false, answeredBy: .semantic, searched: 1), Self.request)
        #expect(semantic == ["search: the server's semantic search answered: 1 match"])
        let fallback = EventsListing.searchNotices(EventSearch.Found(events: [], cut: false, answeredBy: .text, searched: 3,
                                                                     notice: "this server has no semantic search turned on: the text search answered"),
                                                   Self.request)
        #expect(fallback.first == "search: this server has no semantic search turned on: the text search answered")
    }
}
