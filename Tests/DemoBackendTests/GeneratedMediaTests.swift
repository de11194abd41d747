import Foundation
import TestSupport
import Testing
@testable import DemoBackend

/// The stream shapes made with ffmpeg on first use (`GeneratedMedia`) and served as fixed events;
/// byte ranges on media files.
@Suite("Media: generated shapes and byte ranges")
struct GeneratedMediaTests {
    static let shapes = ["evt-aes", "evt-byterange", "evt-hevc", "evt-audio-rendition", "evt-discontinuity"]
    /// The montage scene's events play generated media too.
    static let montageScene = ["evt-montage-front", "evt-montage-backyard", "evt-montage-driveway", "evt-montage-garage",
                               "evt-montage-broken"]

    @Test func theGeneratedShapesAreListedAndServed() async throws {
        try await DemoHarness.with { demo in
            #expect(Set(Self.shapes).isSubset(of: Set(demo.server.fixedEventIDs)), "\(demo.server.fixedEventIDs)")
            let access = try await demo.accessToken()
            let tokens = try await demo.mediaTokens(access)
            let aes = try await demo.get("/media/30-days/evt-aes/index.m3u8", headers: [("Authorization", tokens["30-days"]!)])
            #expect(aes.text.contains("#EXT-X-KEY:METHOD=AES-128,URI=\"enc.key\""), "\(aes.text)")
            let ranges = try await demo.get("/media/7-days/evt-byterange/index.m3u8", headers: [("Authorization", tokens["7-days"]!)])
            #expect(ranges.text.contains("#EXT-X-BYTERANGE"))
            let master = try await demo.get("/media/180-days/evt-audio-rendition/master.m3u8", headers: [("Authorization", tokens["180-days"]!)])
            #expect(master.text.contains("#EXT-X-MEDIA:TYPE=AUDIO"))
            let joined = try await demo.get("/media/7-days/evt-discontinuity/index.m3u8", headers: [("Authorization", tokens["7-days"]!)])
            #expect(joined.text.contains("#EXT-X-DISCONTINUITY"))
            let hevc = try await demo.get("/media/30-days/evt-hevc/init.mp4", headers: [("Authorization", tokens["30-days"]!)])
            #expect(hevc.body.range(of: Data("hvc1".utf8)) != nil, "the HEVC sample entry is hvc1")
        }
    }

    @Test func theAESKeyNeedsTheBucketToken() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let tokens = try await demo.mediaTokens(access)
            #expect(try await demo.get("/media/30-days/evt-aes/enc.key").status == 401)
            #expect(try await demo.get("/media/30-days/evt-aes/enc.key", headers: [("Authorization", tokens["7-days"]!)]).status == 403)
            let key = try await demo.get("/media/30-days/evt-aes/enc.key", headers: [("Authorization", tokens["30-days"]!)])
            #expect(key.status == 200)
            #expect(key.body.count == 16)
        }
    }

    /// Before: the whole file with 200, so a player reading `#EXT-X-BYTERANGE` got the wrong bytes.
    @Test func aRangeIsAnsweredWith206AndContentRange() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let token = try #require(try await demo.mediaTokens(access)["7-days"])
            let file = "/media/7-days/evt-byterange/media.ts"
            let whole = try await demo.get(file, headers: [("Authorization", token)])
            #expect(whole.status == 200)
            #expect(whole.headers.first(name: "Accept-Ranges") == "bytes")
            let part = try await demo.get(file, headers: [("Authorization", token), ("Range", "bytes=188-375")])
            #expect(part.status == 206)
            #expect(part.headers.first(name: "Content-Range") == "bytes 188-375/\(whole.body.count)")
            #expect(part.body == whole.body[188...375])
            let tail = try await demo.get(file, headers: [("Authorization", token), ("Range", "bytes=-188")])
            #expect(tail.body == whole.body.suffix(188))
            let open = try await demo.get(file, headers: [("Authorization", token), ("Range", "bytes=\(whole.body.count - 10)-")])
            #expect(open.body.count == 10)
            let outside = try await demo.get(file, headers: [("Authorization", token), ("Range", "bytes=\(whole.body.count)-")])
            #expect(outside.status == 416)
            #expect(outside.headers.first(name: "Content-Range") == "bytes */\(whole.body.count)")
        }
    }

    /// Without ffmpeg the generated events are left out (one log line), the rest is served.
    @Test func withoutFFmpegTheGeneratedEventsAreLeftOut() throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "demo-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(GeneratedMedia.prepareBlocking(root: root, ffmpeg: "/nonexistent/ffmpeg") == nil)
        #expect(GeneratedMedia.plannedFolder(root: root, ffmpeg: "/nonexistent/ffmpeg") == nil)
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Resources")
        let catalog = try DemoCatalog.load(from: resources)
        let events = EventGenerator.events(catalog: catalog, resources: resources, generatedMedia: nil, generatedCount: 0, now: Date())
        let committed = catalog.events.filter { catalog.layouts[$0.layout]?.isGenerated != true }
        #expect(events.count == committed.count && events.count == catalog.events.count - Self.shapes.count - Self.montageScene.count)
        #expect(!events.contains { Self.shapes.contains($0.id) || Self.montageScene.contains($0.id) })
    }

    /// Processes that start together (the tests, two `eventplayer`s) make the media once: the
    /// second waits on the first's lock and uses its folder. A stand-in ffmpeg counts its runs and
    /// writes each command's output path. Before the lock both made it (twice the runs).
    @Test func twoAtOnceMakeItOnce() async throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "demo-media-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let count = root.appending(path: "runs")
        let ffmpeg = root.appending(path: "ffmpeg")
        try ExecutableScript.write("""
            #!/bin/sh
            echo run >> '\(count.path)'
            sleep 0.2
            for last; do :; done
            : > "$last"

            """, to: ffmpeg)
        let media = root.appending(path: "cache")
        let answers = await withTaskGroup(of: URL?.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread { continuation.resume(returning: GeneratedMedia.prepareBlocking(root: media, ffmpeg: ffmpeg.path)) }.start()
                    }
                }
            }
            return await group.reduce(into: [URL?]()) { $0.append($1) }
        }
        let made = media.appending(path: "v\(GeneratedMedia.version)", directoryHint: .isDirectory)
        #expect(answers.map { $0?.standardizedFileURL } == [made.standardizedFileURL, made.standardizedFileURL])
        let runs = try String(contentsOf: count, encoding: .utf8).split(separator: "\n").count
        #expect(runs == 7, "one recipe is seven ffmpeg runs; \(runs) means it was made more than once")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: media.path).filter { $0.hasPrefix(".v") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}

/// The montage scene (docs/demo.md): several cameras recorded the same minute, and nothing else of
/// theirs is near it, so a montage at its start shows exactly the scene.
@Suite("Media: the montage scene")
struct MontageSceneTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appending(path: "Resources")

    @Test func theSceneIsAloneOnItsCamerasAroundItsMinute() throws {
        let catalog = try DemoCatalog.load(from: Self.resources)
        let now = Date()
        let events = EventGenerator.events(catalog: catalog, resources: Self.resources, generatedMedia: URL(fileURLWithPath: "/unused"),
                                           generatedCount: DemoConfiguration().generatedEventCount, now: now)
        let scene = events.filter { GeneratedMediaTests.montageScene.contains($0.id) }
        #expect(scene.count == GeneratedMediaTests.montageScene.count)
        let start = now.addingTimeInterval(-12000)
        #expect(scene.filter { $0.startTime == start && $0.endTime == start.addingTimeInterval(60) }.map(\.cameraName).sorted()
            == ["Backyard", "Carport", "Driveway", "Front Door"])
        #expect(scene.first { $0.id == "evt-montage-garage" }?.startTime == start.addingTimeInterval(20))
        // No other event of these cameras overlaps the scene's minute, or the three minutes
        // before it (an event that started then could still cover its start).
        let cameras = Set(scene.map(\.cameraName))
        let others = events.filter {
            cameras.contains($0.cameraName) && !GeneratedMediaTests.montageScene.contains($0.id)
                && $0.startTime < start.addingTimeInterval(60) && ($0.endTime ?? now) > start.addingTimeInterval(-180)
        }
        #expect(others.isEmpty, "\(others.map { "\($0.id) \($0.cameraName) \($0.startTime)" })")
    }

    @Test func itsMediaLastsTheMinuteAndTheBrokenCamerasPlaylistAnswers500() async throws {
        try await DemoHarness.with { demo in
            let access = try await demo.accessToken()
            let tokens = try await demo.mediaTokens(access)
            let playlist = try await demo.get("/media/30-days/evt-montage-front/index.m3u8", headers: [("Authorization", tokens["30-days"]!)])
            let seconds = playlist.text.split(separator: "\n").filter { $0.hasPrefix("#EXTINF:") }
                .compactMap { Double($0.dropFirst("#EXTINF:".count).split(separator: ",")[0]) }.reduce(0, +)
            #expect(abs(seconds - 60) < 0.1, "\(playlist.text)")
            #expect(playlist.text.contains("#EXT-X-ENDLIST"))
            let broken = try await demo.get("/media/30-days/evt-montage-broken/index.m3u8", headers: [("Authorization", tokens["30-days"]!)])
            #expect(broken.status == 500)
        }
    }
}
