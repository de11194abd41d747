import DemoBackend
import Foundation
import TestSupport
import Testing

@Suite("Events: paging, order, filters, shape")
struct EventsTests {
    @Test func pagingVisitsEveryEventOnceNewestFirst() async throws {
        try await DemoHarness.with({ $0.generatedEventCount = 3000 }) { demo in
            let access = try await demo.accessToken()
            var ids: [String] = []
            var starts: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = "limit=500" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await demo.page(query, bearer: access)
                #expect(page.events.count <= 500)
                ids += page.events.compactMap { $0["id"] as? String }
                starts += page.events.compactMap { $0["startTime"] as? String }
                cursor = page.next
                pages += 1
            } while cursor != nil && pages < 100
            #expect(ids.count == demo.server.eventCount)
            #expect(ids.count == 3000 + demo.server.fixedEventIDs.count)
            #expect(Set(ids).count == ids.count)
            #expect(Set(demo.server.fixedEventIDs).isSubset(of: Set(ids)))
            #expect(ids.contains("gen-00001") && ids.contains("gen-03000"))
            #expect(starts == starts.sorted(by: >), "newest first")
            #expect(ids.first == "evt-live")
        }
    }

    @Test func limitDefaultsTo50AndIsCappedAt500() async throws {
        try await DemoHarness.with({ $0.generatedEventCount = 800 }) { demo in
            let access = try await demo.accessToken()
            #expect(try await demo.page("", bearer: access).events.count == 50)
            #expect(try await demo.page("limit=1000", bearer: access).events.count == 500)
            let last = try await demo.page("limit=5000", bearer: access)
            #expect(last.next != nil)
            for bad in ["limit=0", "limit=abc", "cursor=%21%21", "since=yesterday", "until=2026-13-01"] {
                let answer = try await demo.get("/v1/events?\(bad)", bearer: access)
                #expect(answer.status == 400, "\(bad)")
                #expect(answer.errorCode == "invalid_parameter" || answer.errorCode == "invalid_cursor")
            }
        }
    }

    @Test func filtersByCameraAndTimeRange() async throws {
        try await DemoHarness.with({ $0.generatedEventCount = 1000 }) { demo in
            let access = try await demo.accessToken()
            var all: [[String: Any]] = []
            var cursor: String?
            repeat {
                let page = try await demo.page("limit=500" + (cursor.map { "&cursor=\($0)" } ?? ""), bearer: access)
                all += page.events
                cursor = page.next
            } while cursor != nil
            // camera, paged in small pages
            var garage: [String] = []
            cursor = nil
            repeat {
                let page = try await demo.page("limit=37&camera=Garage" + (cursor.map { "&cursor=\($0)" } ?? ""), bearer: access)
                #expect(page.events.allSatisfy { $0["cameraName"] as? String == "Garage" })
                garage += page.events.compactMap { $0["id"] as? String }
                cursor = page.next
            } while cursor != nil
            #expect(garage == all.filter { $0["cameraName"] as? String == "Garage" }.compactMap { $0["id"] as? String })
            #expect(!garage.isEmpty)
            // since (inclusive) / until (exclusive)
            let starts = all.compactMap { $0["startTime"] as? String }
            let since = starts[starts.count / 2], until = starts[starts.count / 4]
            let ranged = try await demo.page("limit=500&since=\(since)&until=\(until)", bearer: access).events
            let expected = all.filter { ($0["startTime"] as! String) >= since && ($0["startTime"] as! String) < until }
            #expect(ranged.compactMap { $0["id"] as? String } == expected.compactMap { $0["id"] as? String })
            // fractional seconds and offsets are understood
            let fractional = since.replacingOccurrences(of: "Z", with: ".000Z")
            #expect(try await demo.page("limit=1&since=\(fractional)", bearer: access).events.count == 1)
        }
    }

    @Test func eventsHaveTheContractShape() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let answer = try await demo.get("/v1/events?limit=500", bearer: access)
            #expect(answer.text.contains(#""nextCursor":null"#))
            let events = answer.json["events"] as! [[String: Any]]
            for event in events {
                for key in ["id", "cameraName", "startTime", "bucket", "videoUrl"] { #expect(event[key] is String, "\(key)") }
                #expect(event.keys.contains("endTime"))
                #expect(["Front Door", "Driveway", "Backyard", "Garage", "Carport"].contains(event["cameraName"] as! String))
                #expect(["7-days", "30-days", "180-days", "365-days"].contains(event["bucket"] as! String))
                let video = event["videoUrl"] as! String
                #expect(video.hasPrefix(demo.server.baseURL.absoluteString + "/media/\(event["bucket"]!)/\(event["id"]!)/"))
            }
            #expect(events.contains { $0["title"] == nil }, "some events have no title")
            let live = try #require(events.first { $0["id"] as? String == "evt-live" })
            #expect(live["endTime"] is NSNull)
            let stale = try #require(events.first { $0["id"] as? String == "evt-stale-auth" })
            #expect((stale["videoUrl"] as! String).hasSuffix("index.m3u8?Authorization=stale-token&quality=high"))
            let master = try #require(events.first { $0["id"] as? String == "evt-master" })
            #expect((master["videoUrl"] as! String).hasSuffix("/master.m3u8"))
            let noToken = try #require(events.first { $0["id"] as? String == "evt-no-token" })
            #expect(noToken["bucket"] as? String == "365-days")
            #expect(demo.server.fixedEventIDs.count == 22, "12 from committed media, 5 from generated media, 5 in the montage scene (generated media)")
        }
    }
}
