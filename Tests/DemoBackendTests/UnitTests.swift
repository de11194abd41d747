@testable import DemoBackend
import Foundation
import Testing

@Suite("Pure parts: playlists, paths, cursors, content types")
struct UnitTests {
    let stored = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:2
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:2.000000,
    segment0.ts
    #EXTINF:2.000000,
    segment1.ts
    #EXTINF:2.000000,
    segment2.ts
    #EXT-X-ENDLIST

    """

    @Test func withoutEndListDropsEndListAndVODType() {
        let text = PlaylistEditor.withoutEndList(stored)
        #expect(!text.contains("ENDLIST") && !text.contains("PLAYLIST-TYPE"))
        #expect(text.contains("segment2.ts"))
    }

    @Test func liveWindowListsTheFirstSegments() {
        let two = PlaylistEditor.live(stored, segments: 2, ended: false)
        #expect(two.contains("segment1.ts") && !two.contains("segment2.ts") && !two.contains("ENDLIST"))
        #expect(two.contains("#EXT-X-PLAYLIST-TYPE:EVENT") && !two.contains("VOD"))
        let done = PlaylistEditor.live(stored, segments: 3, ended: true)
        #expect(done.hasSuffix("segment2.ts\n#EXT-X-ENDLIST\n"))
    }

    @Test func mediaPathsRefuseTraversal() {
        #expect(MediaPath.parse("/media/30-days/evt-master/160x90/index.m3u8")
            == .success(MediaPath(bucket: "30-days", eventID: "evt-master", file: "160x90/index.m3u8")))
        for bad in ["/media/a/b/../c", "/media/a/b/%2e%2e/c", "/media/a/b/x%2fy", "/media/a/b/.x", "/media/a//c", "/media/a/b/x%5cy"] {
            #expect(MediaPath.parse(bad) == .failure(.unsafe), "\(bad)")
        }
        #expect(MediaPath.parse("/media/a/b") == .failure(.incomplete))
    }

    @Test func cursorRoundTripsAndRejectsGarbage() {
        let event = DemoEvent(
            id: "gen-00042", cameraName: "Garage", title: nil, bucket: "7-days", mediaDirectory: URL(fileURLWithPath: "/"),
            playlist: "index.m3u8", playlistMode: .asStored, startTime: Date(timeIntervalSince1970: 1_700_000_000),
            endTime: nil, videoUrlQuery: nil, failingFile: nil
        )
        let cursor = EventCursor(after: event)
        #expect(EventCursor(encoded: cursor.encoded) == cursor)
        #expect(!cursor.encoded.contains("=") && !cursor.encoded.contains("+") && !cursor.encoded.contains("/"))
        #expect(EventCursor(encoded: "!!") == nil)
        #expect(EventCursor(encoded: "djI6MTp4") == nil)  // "v2:1:x"
    }

    @Test func contentTypes() {
        #expect(MediaContentType.forFile(named: "a/index.m3u8", firstByte: nil) == "application/vnd.apple.mpegurl")
        #expect(MediaContentType.forFile(named: "segment0.ts", firstByte: 0x47) == "video/mp2t")
        #expect(MediaContentType.forFile(named: "segment0.m4s", firstByte: 0) == "video/iso.segment")
        #expect(MediaContentType.forFile(named: "init.mp4", firstByte: 0) == "video/mp4")
        #expect(MediaContentType.forFile(named: "audio0.aac", firstByte: 0xFF) == "audio/aac")
        #expect(MediaContentType.forFile(named: "segment0", firstByte: 0x47) == "video/mp2t")
        #expect(MediaContentType.forFile(named: "blob", firstByte: 0) == "application/octet-stream")
    }

    @Test func generatedEventsAreDeterministicAndSpreadOver60Days() throws {
        let resources = try ResourceLocator.locate(configured: nil, environment: [:], executable: nil)
        let catalog = try DemoCatalog.load(from: resources)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let a = EventGenerator.events(catalog: catalog, resources: resources, generatedCount: 500, now: now)
        let b = EventGenerator.events(catalog: catalog, resources: resources, generatedCount: 500, now: now)
        #expect(a.map(\.id) == b.map(\.id) && a.map(\.startTime) == b.map(\.startTime))
        let generated = a.filter { $0.id.hasPrefix("gen-") }
        #expect(generated.count == 500)
        #expect(generated.allSatisfy { now.timeIntervalSince($0.startTime) <= 61 * 86_400 })
        #expect(Set(generated.map(\.cameraName)).count == 4)
        #expect(Set(generated.map(\.bucket)).count == 4)
        #expect(generated.contains { $0.title != nil })
        #expect(a.first?.id == "evt-live")
    }
}
