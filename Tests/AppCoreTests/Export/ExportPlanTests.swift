import AppCore
import EventsAPI
import Foundation
import Playlist
import Testing

/// An event and a listing shaped like the demo's, for planning tests.
enum ExportFixtures {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func event(id: String = "evt-1", camera: String = "Front Door", ended: Bool = true, start: Date = start) -> Event {
        Event(id: id, cameraName: camera, startTime: start, endTime: ended ? start.addingTimeInterval(10) : nil,
              bucket: "30-days", videoUrl: URL(string: "https://cdn.example/media/30-days/\(id)/index.m3u8")!)
    }

    static func listing(segments: Int = 5, fmp4: Bool = false, endList: Bool = true, token: String = "tok") -> MediaListing {
        var inventory = M3U8Inventory()
        let base = "https://cdn.example/media/30-days/evt-1/"
        if fmp4 { inventory.initSegmentURI = base + "init.mp4?Authorization=\(token)" }
        inventory.segments = (0..<segments).map {
            .init(uri: base + "segment\($0).\(fmp4 ? "m4s" : "ts")?Authorization=\(token)", duration: 2)
        }
        inventory.summary.hasEndList = endList
        return MediaListing(token: token, playlistURL: URL(string: base + "index.m3u8?Authorization=\(token)")!, inventory: inventory)
    }
}

@Suite("ExportPlan: what an export fetches and writes")
struct ExportPlanTests {
    let now = ExportFixtures.start.addingTimeInterval(60)

    @Test func mpegTSIsConcatenatedToTS() throws {
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(), format: nil, now: now)
        #expect(plan.source == .ts && plan.output == .ts && !plan.needsRemux)
        #expect(plan.pieces.count == 5 && plan.segmentCount == 5)
        #expect(plan.duration == 10)
        #expect(plan.pieces[0].key == "/media/30-days/evt-1/segment0.ts")
        #expect(!plan.isPartial)
    }

    @Test func fmp4PutsTheInitSegmentFirstAndGivesMP4() throws {
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(fmp4: true), format: nil, now: now)
        #expect(plan.source == .mp4 && plan.output == .mp4)
        #expect(plan.pieces.first?.kind == .initSegment)
        #expect(plan.pieces.count == 6 && plan.segmentCount == 5)
    }

    @Test func formatMP4OfATSSourceNeedsARemux() throws {
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(), format: .mp4, now: now)
        #expect(plan.needsRemux && plan.output == .mp4)
    }

    @Test func aRecordingEventWithoutEndListIsPartial() throws {
        let live = ExportFixtures.event(ended: false)
        let plan = try ExportPlan(event: live, listing: ExportFixtures.listing(segments: 3, endList: false), format: nil, now: now)
        #expect(plan.isPartial)
        let ended = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(endList: false), format: nil, now: now)
        #expect(!ended.isPartial, "an ended event whose playlist lacks ENDLIST is complete")
    }

    /// Before: every encrypted or byte-range playlist was refused.
    @Test func aes128PiecesCarryTheirKeyAndIVAndByteRangesTheirRange() throws {
        var listing = ExportFixtures.listing(segments: 3)
        let key = M3U8Inventory.Key(method: "AES-128", uri: "https://cdn.example/media/30-days/evt-1/enc.key?Authorization=tok", iv: nil)
        for index in listing.inventory.segments.indices {
            listing.inventory.segments[index].key = key
            listing.inventory.segments[index].sequence = 41 + index
        }
        listing.inventory.segments[2].key?.iv = Array(repeating: 7, count: 16)
        listing.inventory.segments[1].byteRange = .init(length: 100, offset: 300)
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: listing, format: nil, now: now)
        #expect(plan.isEncrypted && !plan.needsRemux, "decrypted as they arrive: the .part is clear MPEG-TS")
        let first = try #require(plan.pieces[0].encryption)
        #expect(first.keyPath == "/media/30-days/evt-1/enc.key")
        #expect(first.iv == Array(repeating: 0, count: 15) + [41], "no IV attribute: the media sequence number")
        #expect(plan.pieces[2].encryption?.iv == Array(repeating: 7, count: 16))
        #expect(plan.pieces[1].key == "/media/30-days/evt-1/segment1.ts@300+100")
        #expect(plan.pieces[1].byteRange == .init(length: 100, offset: 300))
    }

    @Test func sampleAESAKeyWithoutURIAndEmptyPlaylistsAreRefused() {
        var sample = ExportFixtures.listing()
        sample.inventory.segments[0].key = .init(method: "SAMPLE-AES", uri: "https://cdn.example/k", iv: nil)
        #expect(throws: ExportError.self) { try ExportPlan(event: ExportFixtures.event(), listing: sample, format: nil, now: now) }
        var noURI = ExportFixtures.listing()
        noURI.inventory.segments[0].key = .init(method: "AES-128", uri: nil, iv: nil)
        #expect(throws: ExportError.self) { try ExportPlan(event: ExportFixtures.event(), listing: noURI, format: nil, now: now) }
        #expect(throws: ExportError.self) {
            try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(segments: 0), format: nil, now: now)
        }
    }

    /// Before: a separate audio rendition was not fetched (video only).
    @Test func aSeparateAudioRenditionFollowsTheVideoAndIsJoinedByFFmpeg() throws {
        var listing = ExportFixtures.listing(segments: 5)
        var audio = M3U8Inventory()
        audio.segments = (0..<6).map { .init(uri: "https://cdn.example/media/30-days/evt-1/audio/segment\($0).ts?Authorization=tok", duration: 1.7) }
        listing.audio = audio
        let plan = try ExportPlan(event: ExportFixtures.event(), listing: listing, format: nil, now: now)
        #expect(plan.pieces.count == 11)
        #expect(plan.pieces.prefix(5).allSatisfy { $0.track == .main } && plan.pieces.suffix(6).allSatisfy { $0.track == .audio })
        #expect(plan.hasSeparateAudio && plan.needsRemux && plan.output == .ts)
        #expect(plan.segmentCount == 5 && plan.duration == 10, "the video's")
    }

    @Test func aRefreshedPlanKeepsItsPiecesWithTheNewTokens() throws {
        let old = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(token: "old"), format: nil, now: now)
        let fresh = try ExportPlan(event: ExportFixtures.event(), listing: ExportFixtures.listing(token: "new"), format: nil, now: now)
        let refreshed = old.refreshed(from: fresh)
        #expect(refreshed.token == "new")
        #expect(refreshed.pieces.map(\.key) == old.pieces.map(\.key))
        #expect(refreshed.pieces.allSatisfy { $0.url.absoluteString.hasSuffix("Authorization=new") })
    }
}
