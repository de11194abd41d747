import EventsAPI
import Foundation
import Networking
import NIOCore
import SystemSupport
import TestSupport
import Testing

/// ``ZoneMinderClient/live(camera:quality:)`` and ``ZoneMinderClient/cameraHealth()`` against the
/// shared real ZoneMinder (``ZoneMinderServer``): zms's feed, asked for as the player's requests ask
/// (the pipeline, the token added to the URL the event gives without it), answers a multipart JPEG
/// stream whose pictures change; health says a capturing monitor is online with its frames a second
/// and one whose function is None offline, and live then says it is not capturing. It turns a
/// monitor off, so it runs alone (``ZoneMinderGate``).
@Suite("ZoneMinder: live through zms, camera health", .serialized, .zoneMinder(alone: true))
struct ZoneMinderLiveTests {
    static func signedIn() async throws -> (ZoneMinderServer, ZoneMinderClient, NetworkPipeline) {
        let zm = try await ZoneMinderServer.shared()
        let pipeline = NetworkPipeline()
        let client = ZoneMinderClient(server: zm.url, pipeline: pipeline)
        try await client.signIn(user: zm.user, password: zm.password)
        return (zm, client, pipeline)
    }

    @Test(.timeLimit(.minutes(2)))
    func theLiveFeedIsAMultipartJPEGStreamWhosePicturesChange() async throws {
        let (zm, client, pipeline) = try await Self.signedIn()
        // Front door is 640x360: 180 px high is scale 50.
        let event = try #require(try await client.live(camera: "Front door", quality: LiveQuality(height: 180, fps: 5)))
        #expect(event.videoFormat == .liveFeed && event.authorization == .queryToken && event.endTime == nil)
        #expect(event.cameraID == "1" && event.cameraName == "Front door")
        let feed = try #require(URLComponents(url: event.videoUrl, resolvingAgainstBaseURL: false))
        #expect(feed.path == zm.url.path + "/cgi-bin/nph-zms")
        let items = Dictionary((feed.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(items == ["mode": "jpeg", "monitor": "1", "maxfps": "5", "scale": "50"], "no token in the event's URL: \(items.keys.sorted())")

        // The token as the player's requests carry it (`token=`), through the pipeline.
        let token = try #require(try await client.mediaTokens(refresh: false).first?.token)
        var authorized = feed
        authorized.queryItems = (feed.queryItems ?? []) + [URLQueryItem(name: "token", value: token)]
        let streamed = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: try #require(authorized.url)))
        defer { streamed.body.close() }
        #expect(streamed.head.status == 200)
        let type = streamed.head.headers["Content-Type"] ?? ""
        #expect(type.hasPrefix("multipart/x-mixed-replace"), "\(type)")
        var reader = MultipartJPEGReader()
        var pictures: [Data] = []
        let deadline = ContinuousClock.now + .seconds(30)
        while Set(pictures).count < 2, ContinuousClock.now < deadline, let chunk = try await streamed.body.next() {
            pictures += reader.add(Data(chunk.readableBytesView))
        }
        #expect(pictures.count >= 2, "pictures: \(pictures.count)")
        #expect(pictures.allSatisfy { $0.starts(with: [0xFF, 0xD8]) && $0.suffix(2) == Data([0xFF, 0xD9]) }, "each part a whole JPEG")
        #expect(Set(pictures).count >= 2, "the picture changes")
        // Half of 640x360: the JPEG's frame header says 320x180.
        let size = pictures.first.flatMap(MultipartJPEGReader.size)
        #expect(size?.0 == 320 && size?.1 == 180, "\(String(describing: size))")
        // The request log keeps host and path, never the token.
        #expect(!pipeline.requestLog.snapshot().contains { "\($0)".contains(token) })

        // Without the token zms refuses (403): the token the player adds is what lets it in.
        let refused = await #expect(throws: NetworkError.self) {
            _ = try await pipeline.stream(HTTPRequest(kind: .mediaSegment, url: event.videoUrl))
        }
        #expect(refused?.status == 403)
    }

    @Test(.timeLimit(.minutes(3)))
    func healthSaysOnlineWithFramesAndAMonitorTurnedOffOfflineAndNotCapturing() async throws {
        let (zm, client, _) = try await Self.signedIn()
        // zmc reports its frames a second every 250 frames (25 s at 10 fps): wait for the first.
        var front: CameraHealth?
        let deadline = ContinuousClock.now + .seconds(90)
        while ContinuousClock.now < deadline {
            front = try await client.cameraHealth()?.first { $0.camera == "1" }
            if front?.isOnline == true { break }
            try await Task.sleep(for: .seconds(2))
        }
        let online = try #require(front)
        #expect(online.isOnline, "\(online)")
        #expect(online.status == "Connected")
        #expect((online.captureFPS ?? 0) > 5, "about 10 fps: \(String(describing: online.captureFPS))")

        try await zm.setFunction("None", monitor: 2)
        var restored = false
        defer { if !restored { Task { try? await zm.setFunction("Record", monitor: 2) } } }
        var back: CameraHealth?
        for _ in 0..<20 {
            back = try await client.cameraHealth()?.first { $0.camera == "2" }
            if back?.status == "NotRunning" { break }
            try await Task.sleep(for: .seconds(1))
        }
        let offline = try #require(back)
        #expect(!offline.isOnline, "\(offline)")
        #expect(offline.status == "NotRunning")
        #expect(try await client.cameraHealth()?.first { $0.camera == "1" }?.isOnline == true, "the other monitor stays online")
        let error = await #expect(throws: EventsAPIError.self) {
            _ = try await client.live(camera: "2", quality: LiveQuality(height: 240, fps: 2))
        }
        #expect(error?.message.contains("camera \"Back yard\" is not capturing") == true, "\(String(describing: error))")

        let newest = try await zm.sql("SELECT COALESCE(MAX(Id), 0) FROM Events")
        try await zm.setFunction("Record", monitor: 2)
        restored = true
        // The server as it was for the suites after this one: the first event zmc records after it
        // starts again has an MP4 some seconds longer than its start and end say (ZoneMinder 1.36
        // writes the frames it queued before the event; the first event after the server starts
        // has it too), so wait until the one after it has finished: monitor 2's newest finished
        // event is a usual one again (`export`'s test compares the two).
        let after = try await zm.waitForFinishedEvents(2, monitor: 2, after: Int(newest) ?? 0, timeout: 60)
        #expect(after.count >= 2, "\(after)")
    }
}

/// Splits a `multipart/x-mixed-replace` body as zms writes it (`--ZoneMinderFrame`, then
/// `Content-Type` and `Content-Length` headers, a blank line and the JPEG) into its pictures.
struct MultipartJPEGReader {
    private var buffer = Data()

    /// Adds bytes; answers the pictures now complete.
    mutating func add(_ bytes: Data) -> [Data] {
        buffer.append(bytes)
        var pictures: [Data] = []
        while let headersEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let headers = String(decoding: buffer[buffer.startIndex..<headersEnd.lowerBound], as: UTF8.self)
            guard let line = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else {
                buffer.removeSubrange(buffer.startIndex..<headersEnd.upperBound)   // the preamble
                continue
            }
            guard buffer.distance(from: headersEnd.upperBound, to: buffer.endIndex) >= length else { break }
            let end = buffer.index(headersEnd.upperBound, offsetBy: length)
            pictures.append(Data(buffer[headersEnd.upperBound..<end]))
            buffer.removeSubrange(buffer.startIndex..<end)
        }
        return pictures
    }

    /// A JPEG's width and height from its start-of-frame marker.
    static func size(_ jpeg: Data) -> (Int, Int)? {
        let bytes = [UInt8](jpeg)
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC3).contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }
}
