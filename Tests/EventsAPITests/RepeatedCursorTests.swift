import DemoBackend
import EventsAPI
import Foundation
import Testing

/// A server whose `nextCursor` leads back to a page already read stops the listing, with a message.
@Suite("Repeated page cursors")
struct RepeatedCursorTests {
    @Test(.timeLimit(.minutes(1)))
    func allEventsStopsWhenTheCursorComesBackAndSaysAfterHowMany() async throws {
        try await withDemo { demo in
            // Pages 1, 2, 3, then page 2's cursor again (a cursor from two pages back, not the last one).
            await demo.server.faults.loopCursors()
            var ids: [String] = []
            var failure: (any Error)?
            do {
                for try await event in demo.client.allEvents(pageSize: 50) { ids.append(event.id) }
            } catch {
                failure = error
            }
            let error = try #require(failure as? EventsAPIError)
            #expect(error.code == .repeatedCursor)
            #expect(ids.count == 150, "three pages, every event once")
            #expect(Set(ids).count == ids.count)
            #expect(error.message.hasPrefix("the server repeated page cursor \""))
            #expect(error.message.hasSuffix("; stopped after 150 events"))
            #expect(await demo.server.requestLog().filter { $0.path == "/v1/events" }.count == 3)
        }
    }

    @Test func anyCursorSeenBeforeIsARepeatNotOnlyTheLast() {
        var cursors = PageCursors()
        #expect(cursors.follow("a") == .next("a"))
        #expect(cursors.follow("b") == .next("b"))
        #expect(cursors.follow("a") == .repeated("a"))
        #expect(cursors.follow(nil) == .end)
    }

    @Test func theCursorIsShownEscapedAndCut() {
        let error = EventsAPIError.repeatedCursor("\u{1B}]0;pwned\u{07}" + String(repeating: "x", count: 80), afterEvents: 1)
        #expect(!error.message.contains("\u{1B}") && !error.message.contains("\u{07}"))
        #expect(error.message.contains(#""\u{1B}]0;pwned\u{7}xxx"#))
        #expect(error.message.contains("…\"; stopped after 1 event"))
    }
}
