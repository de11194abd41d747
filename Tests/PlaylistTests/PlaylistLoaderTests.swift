import DemoBackend
import Foundation
import Networking
import Testing
@testable import Playlist

/// PlaylistLoader against the real demo backend (in-process, port 0), and the stored rewritten
/// playlists played to the end by real mpv through it.
@Suite("PlaylistLoader with the demo backend", .serialized)
struct PlaylistLoaderTests {
    @Test("a complete event is played from a private file: absolute URIs, one token each, ENDLIST")
    func completeEvents() async throws {
        let demo = try await DemoFixture.start()
        for id in ["evt-endlist", "evt-no-endlist", "evt-fmp4", "evt-extensionless", "evt-broken"] {
            let source = try #require(demo.sources[id], "\(id) not listed")
            let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
            #expect(prepared.isComplete && prepared.isLocalFile, "\(id)")
            #expect(prepared.url.deletingLastPathComponent().standardizedFileURL == demo.store.directory.standardizedFileURL)
            #expect(prepared.files == [prepared.url])
            let text = try String(contentsOf: prepared.url, encoding: .utf8)
            #expect(text.hasSuffix("#EXT-X-ENDLIST\n") && text.components(separatedBy: "#EXT-X-ENDLIST").count == 2, "\(id)")
            #expect(prepared.summary.segmentCount == 5 && abs(prepared.summary.totalDuration - 10) < 0.1, "\(id)")
            let uris = lines(text).filter { !$0.hasPrefix("#") && !$0.isEmpty }
            #expect(uris.count == 5)
            for uri in uris {
                #expect(uri.hasPrefix(demo.server.baseURL.absoluteString + "/media/\(source.bucket)/\(id)/"), "\(uri)")
                #expect(queryItems(uri).filter { $0.0 == "Authorization" }.map(\.1) == [prepared.token], "\(uri)")
            }
            #expect(prepared.timings.playlistsFetched == 1 && prepared.timings.fetchMilliseconds > 0)
            #expect(prepared.timings.tokenRefreshes == 0)
            demo.loader.finish(prepared)
            #expect(!FileManager.default.fileExists(atPath: prepared.url.path))
        }
        let fmp4 = try await demo.loader.prepare(demo.sources["evt-fmp4"]!, tokens: demo.tokens)
        let text = try String(contentsOf: fmp4.url, encoding: .utf8)
        #expect(text.contains("#EXT-X-MAP:URI=\"\(demo.server.baseURL.absoluteString)/media/180-days/evt-fmp4/init.mp4?Authorization=\(fmp4.token)\""))
        #expect(text.contains(".m4s?v=1&Authorization=\(fmp4.token)\n"))
        let noEndList = try await demo.loader.prepare(demo.sources["evt-no-endlist"]!, tokens: demo.tokens)
        #expect(noEndList.summary.appendedEndList && !noEndList.summary.hasEndList)
        // the playlist requests carried the token as query item (and header)
        let log = await demo.mediaLog()
        #expect(!log.isEmpty && log.allSatisfy { $0.status == 200 && $0.tokenSource == .query && $0.mediaToken != nil })
        await demo.stop()
    }

    @Test("a master: every variant fetched, rewritten with ENDLIST, stored; the master points at the stored files")
    func master() async throws {
        let demo = try await DemoFixture.start()
        let prepared = try await demo.loader.prepare(try #require(demo.sources["evt-master"]), tokens: demo.tokens)
        #expect(prepared.summary.kind == .master && prepared.variantSummaries.count == 2)
        #expect(prepared.files.count == 3 && prepared.files.last == prepared.url)
        #expect(prepared.timings.playlistsFetched == 3)
        let master = try String(contentsOf: prepared.url, encoding: .utf8)
        let variantLines = lines(master).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(variantLines.count == 2)
        for path in variantLines {
            #expect(path.hasPrefix(demo.store.directory.path + "/"))
            let variant = try String(contentsOfFile: path, encoding: .utf8)
            #expect(variant.hasSuffix("#EXT-X-ENDLIST\n"))
            for uri in lines(variant) where !uri.hasPrefix("#") && !uri.isEmpty {
                #expect(uri.hasPrefix(demo.server.baseURL.absoluteString + "/media/30-days/evt-master/"))
                #expect(uri.hasSuffix("?Authorization=\(prepared.token)"))
            }
        }
        let requested = await demo.mediaLog().map(\.path)
        #expect(requested.count == 3 && requested.allSatisfy { $0.hasSuffix(".m3u8") })
        demo.loader.finish(prepared)
        #expect(prepared.files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        await demo.stop()
    }

    @Test("a stale Authorization in videoUrl is replaced; other query items kept")
    func staleAuthorization() async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources["evt-stale-auth"])
        #expect(source.videoURL.query?.contains("Authorization=stale-token") == true)
        let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
        #expect(queryItems(prepared.remoteURL.absoluteString).map(\.0) == ["quality", "Authorization"])
        let first = try #require(await demo.mediaLog().first)
        #expect(first.status == 200 && first.mediaToken == prepared.token)
        #expect(first.query == "quality=high&Authorization=\(prepared.token)")
        await demo.stop()
    }

    @Test("a live event plays its remote URL, authorised; nothing stored")
    func live() async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources["evt-live"])
        #expect(source.endTime == nil)
        let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
        #expect(!prepared.isComplete && !prepared.isLocalFile && prepared.files.isEmpty)
        #expect(prepared.url == prepared.remoteURL && prepared.url.query == "Authorization=\(prepared.token)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: demo.store.directory.path).isEmpty)
        await demo.stop()
    }

    @Test("no token for the bucket: a clear error naming it")
    func noToken() async throws {
        let demo = try await DemoFixture.start()
        do {
            _ = try await demo.loader.prepare(try #require(demo.sources["evt-no-token"]), tokens: demo.tokens)
            Issue.record("expected an error")
        } catch let error as PlaylistLoadError {
            #expect(error.missingBucket == "365-days")
            #expect(error.eventID == "evt-no-token" && error.description.contains("\"365-days\""))
            // The front end says which event ("Cannot play evt-no-token: …"); the error does not say it again.
            #expect(!error.description.contains("evt-no-token") && !error.description.lowercased().contains("cannot play"))
        }
        #expect(await demo.mediaLog().isEmpty)
        await demo.stop()
    }

    @Test("403 from media: tokens fetched again once, then it plays")
    func refreshOnForbidden() async throws {
        let demo = try await DemoFixture.start()
        let source = try #require(demo.sources["evt-endlist"])
        _ = try await demo.tokens.tokens(refresh: false)           // cache the current tokens
        await demo.server.faults.expireMediaTokens()                // ... which the server now refuses
        let prepared = try await demo.loader.prepare(source, tokens: demo.tokens)
        #expect(prepared.timings.tokenRefreshes == 1 && prepared.isLocalFile)
        #expect(await demo.tokens.calls == [false, false, true])
        let statuses = await demo.mediaLog().map(\.status)
        #expect(statuses == [403, 200])
        await demo.stop()
    }

    @Test("a token refused even after a refresh: one refresh, then a clear error")
    func stillForbidden() async throws {
        let demo = try await DemoFixture.start()
        await demo.tokens.setOverride(BucketTokens(["30-days": "bogus"]))
        do {
            _ = try await demo.loader.prepare(try #require(demo.sources["evt-endlist"]), tokens: demo.tokens)
            Issue.record("expected an error")
        } catch let error as PlaylistLoadError {
            #expect(error.isUnauthorized)
            #expect(error.status == 403)
        }
        #expect(await demo.tokens.calls == [false, true])
        #expect(await demo.mediaLog().map(\.status) == [403, 403])
        #expect(try FileManager.default.contentsOfDirectory(atPath: demo.store.directory.path).isEmpty)
        await demo.stop()
    }

    @Test("mpv plays the stored rewritten playlists to the end through the demo backend",
          arguments: ["evt-endlist", "evt-no-endlist", "evt-fmp4", "evt-master", "evt-extensionless"])
    func mpvPlaysToTheEnd(id: String) async throws {
        let demo = try await DemoFixture.start()
        let prepared = try await demo.loader.prepare(try #require(demo.sources[id]), tokens: demo.tokens)
        #expect(prepared.isLocalFile)
        let (status, output) = try await playWithMPV(prepared.url, token: prepared.token)
        #expect(status == 0, "mpv failed for \(id):\n\(output.suffix(3000))")
        #expect(output.contains("(End of file)"), "\(id):\n\(output.suffix(3000))")
        let log = await demo.mediaLog()
        let segments = log.filter { !$0.path.hasSuffix(".m3u8") && !$0.path.hasSuffix("init.mp4") }
        #expect(Set(segments.map(\.path)).count >= 5, "\(id): \(log.map(\.description))")
        #expect(log.allSatisfy { $0.status == 200 && $0.mediaToken == prepared.token }, "\(log.map(\.description))")
        #expect(segments.allSatisfy { $0.tokenSource == .query })
        demo.loader.finish(prepared)
        await demo.stop()
    }
}

/// Serves one generated playlist for every request (an `HTTPTransport`, the pipeline's real seam):
/// the demo backend has no recording long enough to need the streaming path.
struct OnePlaylistTransport: HTTPTransport {
    let body: Data
    func execute(_ request: HTTPRequest, timeout: Double) async throws -> HTTPResponse {
        #expect(request.headers["Authorization"] == "tok" && request.url.query == "Authorization=tok")
        return HTTPResponse(status: 200, body: body, request: request)
    }
}

struct FixedTokens: PlaybackTokenProvider {
    func tokens(refresh: Bool) async throws -> BucketTokens { BucketTokens(["30-days": "tok"]) }
}

@Suite("PlaylistLoader with a long recording")
struct PlaylistLoaderStreamingTests {
    @Test("a complete media playlist over 1 MiB is rewritten straight into its private file")
    func streamsBigPlaylist() async throws {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        for n in 0..<43_200 { text += "#EXTINF:2.000000,\nsegment_\(n).ts\n" }
        let body = Data(text.utf8)
        #expect(body.count > 1 << 20)
        let parent = try temporaryDirectory("streaming")
        defer { try? FileManager.default.removeItem(at: parent) }
        let store = try PlaylistStore(parent: parent)
        defer { store.removeAll() }
        let loader = PlaylistLoader(pipeline: NetworkPipeline(transport: OnePlaylistTransport(body: body)), store: store)
        let source = PlaybackSource(eventID: "long", videoURL: URL(string: "http://h.example/media/30-days/long/index.m3u8")!,
                                    bucket: "30-days", startTime: Date(timeIntervalSinceNow: -90_000), endTime: nil)
        let prepared = try await loader.prepare(source, tokens: FixedTokens())
        #expect(prepared.isComplete && prepared.isLocalFile && prepared.files == [prepared.url])
        #expect(prepared.summary.segmentCount == 43_200 && prepared.summary.appendedEndList)
        let expected = try M3U8Rewriter(playlistURL: prepared.remoteURL, token: "tok", appendsEndList: true).rewrite(body).output
        #expect(try Data(contentsOf: prepared.url) == expected)
        loader.finish(prepared)
        #expect(!FileManager.default.fileExists(atPath: prepared.url.path))
    }
}
