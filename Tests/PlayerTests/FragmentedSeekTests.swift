import Foundation
import Testing
@testable import Player

/// fMP4 positions without ffmpeg's seek: the trimmed playlist and the reducer's reload, pure.
@Suite struct FragmentedSeekTests {
    let id = PlaybackID(rawValue: 1)
    let playlist = """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:10
        #EXT-X-MAP:URI="http://h/init.mp4?Authorization=t"
        #EXTINF:2.000000,
        http://h/s0.m4s?Authorization=t
        #EXTINF:2.000000,
        http://h/s1.m4s?Authorization=t
        #EXT-X-KEY:METHOD=NONE
        #EXTINF:2.000000,
        http://h/s2.m4s?Authorization=t
        #EXT-X-ENDLIST
        """

    @Test func theTrimmedPlaylistStartsAtTheTargetsSegmentAndKeepsTheMapAndKey() throws {
        let parsed = try #require(FragmentedPlaylist(text: playlist))
        #expect(parsed.segments.map(\.start) == [0, 2, 4])
        #expect(parsed.trimmed(at: 1.5) == nil)  // the first segment: the playlist as it is
        let trim = try #require(parsed.trimmed(at: 4.5))
        #expect(trim.offset == 4)
        let lines = trim.text.split(separator: "\n").map(String.init)
        #expect(lines.contains("#EXT-X-MEDIA-SEQUENCE:12"))
        #expect(!lines.contains("#EXT-X-MEDIA-SEQUENCE:10"))
        #expect(lines.contains("#EXT-X-MAP:URI=\"http://h/init.mp4?Authorization=t\""))
        #expect(lines.contains("#EXT-X-KEY:METHOD=NONE"))
        #expect(lines.filter { $0.hasPrefix("http://h/s") } == ["http://h/s2.m4s?Authorization=t"])
        #expect(lines.last == "#EXT-X-ENDLIST")
        #expect(FragmentedPlaylist(text: "#EXTM3U\n#EXTINF:2,\ns0.ts\n") == nil)  // MPEG-TS seeks fine
        #expect(FragmentedPlaylist(text: "#EXTM3U\n#EXT-X-MAP:URI=\"i\"\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n") == nil)
    }

    @Test func aReloadKeepsThePlaybackShowsTheSeekAndSeeksOnceTheTargetIsCached() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: MediaSource(url: URL(fileURLWithPath: "/tmp/x.m3u8")), start: 0)
        for kind: MPVEvent.Kind in [.fileLoaded, .property(.duration(10)), .property(.pause(false)),
                                    .property(.coreIdle(false)), .playbackRestart, .property(.timePos(1))] {
            _ = reducer.apply(MPVEvent(id, kind))
        }
        let updates = reducer.reload(at: 7.5, offset: 6, direction: .forward, resume: true).map(\.kind)
        #expect(updates.contains(.playback(.seekingForward)))
        #expect(reducer.snapshot.playbackID == id)
        #expect(reducer.snapshot.progress.position == 7.5)
        #expect(reducer.snapshot.load == .connecting(waited: 0))  // the new handle has not opened yet
        // The new handle: a trimmed playlist whose own duration is 4 s, timestamps from 6 s.
        for kind: MPVEvent.Kind in [.fileLoaded, .property(.duration(4)), .property(.pause(true)), .playbackRestart, .property(.timePos(6.05))] {
            _ = reducer.apply(MPVEvent(id, kind))
        }
        #expect(reducer.snapshot.progress.duration == 10)
        #expect(reducer.snapshot.progress.position == 7.5)
        #expect(reducer.snapshot.playback == .seekingForward)
        #expect(reducer.takeReloadSeek() == nil)  // 7.5 not cached yet
        _ = reducer.apply(MPVEvent(id, .property(.demuxerCacheState(DemuxerCacheState(eofCached: false, cacheDuration: 2, seekableRanges: [6.05...8.0])))))
        let seek = reducer.takeReloadSeek()
        #expect(seek?.target == 7.5 && seek?.resume == true)
        #expect(reducer.takeReloadSeek() == nil)  // once
        _ = reducer.apply(MPVEvent(id, .property(.timePos(7.5))))
        _ = reducer.apply(MPVEvent(id, .playbackRestart))
        #expect(reducer.snapshot.playback == .playing)
        #expect(reducer.isCached(7.9))
        #expect(!reducer.isCached(3))
    }

    @Test func aReloadThatNeverOpensFailsLikeAnyConnectionAndStopsShowingTheSeek() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: MediaSource(url: URL(fileURLWithPath: "/tmp/x.m3u8")), start: 0, host: "h:80")
        for kind: MPVEvent.Kind in [.fileLoaded, .property(.duration(10)), .playbackRestart, .property(.timePos(1))] {
            _ = reducer.apply(MPVEvent(id, kind))
        }
        _ = reducer.reload(at: 7.5, offset: 6, direction: .forward, resume: true)
        _ = reducer.tick(sinceLoad: .seconds(3))
        #expect(reducer.snapshot.load == .connecting(waited: 3))
        let updates = reducer.failStalled(after: 30).map(\.kind)
        #expect(updates.contains { $0.finish == .error("the server at h:80 sent nothing for 30 s") })
        #expect(reducer.snapshot.playback == .stopped)
    }
}
