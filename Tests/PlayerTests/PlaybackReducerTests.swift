import Foundation
import PlaybackStates
import Testing
@testable import Player

/// The state table as a pure function of decoded events: no libmpv here.
@Suite struct PlaybackReducerTests {
    let id = PlaybackID(rawValue: 1)
    let source = MediaSource(url: URL(fileURLWithPath: "/tmp/x.m3u8"), authorizationToken: "t")

    func started(_ reducer: inout PlaybackReducer, duration: Double = 10) {
        _ = reducer.begin(id, source: source, start: 0)
        for kind: MPVEvent.Kind in [.startFile, .fileLoaded, .property(.duration(duration)),
                                    .property(.pause(false)), .property(.coreIdle(false)), .playbackRestart] {
            _ = reducer.apply(MPVEvent(id, kind))
        }
    }

    @Test func loadThenPlayGoesStoppedToPlaying() {
        var reducer = PlaybackReducer(configuration: .init())
        let begun = reducer.begin(id, source: source, start: 0).map(\.kind)
        #expect(begun.contains(.playback(.stopped)))
        #expect(begun.contains(.load(.connecting(waited: 0))))
        #expect(reducer.apply(MPVEvent(id, .fileLoaded)).map(\.kind) == [.load(.playable)])
        let playing = reducer.apply(MPVEvent(id, .property(.coreIdle(false)))).map(\.kind)
        #expect(playing == [.playback(.playing)])
        let first = reducer.apply(MPVEvent(id, .playbackRestart)).map(\.kind)
        #expect(first.first == .firstFrame)
    }

    /// Nothing arrived yet: "connecting", the seconds counted up by the tick; the watchdog's
    /// error names the host.
    @Test func connectingCountsUpAndTheWatchdogNamesTheHost() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: source, start: 0, host: "cdn.example:443")
        #expect(reducer.snapshot.load == .connecting(waited: 0))
        #expect(reducer.tick(sinceLoad: .milliseconds(2300)).map(\.kind).contains(.load(.connecting(waited: 2))))
        #expect(LoadState.connecting(waited: 2).description == "waiting for the server (2 s)")
        #expect(LoadState.connecting(waited: 0).description == "connecting…")
        let failed = reducer.failStalled(after: 30).map(\.kind)
        #expect(failed.contains { $0.finish == .error("the server at cdn.example:443 sent nothing for 30 s") })
        #expect(reducer.snapshot.load == .unknown)
        // Once something arrived the load state is never "connecting" again.
        var opened = PlaybackReducer(configuration: .init())
        started(&opened)
        _ = opened.tick(sinceLoad: .seconds(5))
        #expect(opened.snapshot.load == .playable)
    }

    @Test func anOpenThatTimedOutNamesTheHostAndTheNetworkTimeout() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: source, start: 0, host: "cdn.example:443")
        _ = reducer.tick(sinceLoad: .seconds(12))
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 0 of playlist 0"))))
        _ = reducer.apply(MPVEvent(id, .endFile(.error("unrecognized file format"))))
        #expect(reducer.settle().map(\.kind).last?.finish == .error(
            "could not open the media: the server at cdn.example:443 did not answer within the network timeout of 10 s (mpv: unrecognized file format)"))
    }

    @Test func pauseAndResume() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        #expect(reducer.apply(MPVEvent(id, .property(.pause(true)))).map(\.kind) == [.playback(.paused)])
        #expect(reducer.apply(MPVEvent(id, .property(.pause(false)))).map(\.kind) == [.playback(.playing)])
    }

    @Test func seekShowsDirectionUntilRestart() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(3))))
        let forward = reducer.seek(to: 8)
        #expect(forward.send == 8)
        #expect(reducer.seek(to: 99).send == 10, "clamped to the duration")
        _ = reducer.seek(to: 8)
        #expect(forward.updates.map(\.kind) == [.playback(.seekingForward)])
        _ = reducer.apply(MPVEvent(id, .seek))
        #expect(reducer.snapshot.playback == .seekingForward)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(8))))
        #expect(reducer.apply(MPVEvent(id, .playbackRestart)).map(\.kind).contains(.playback(.playing)))
        let backward = reducer.seek(to: 1)
        #expect(backward.updates.map(\.kind) == [.playback(.seekingBackward)])
        _ = reducer.apply(MPVEvent(id, .reply(error: "error running command")))
        #expect(reducer.snapshot.playback == .playing)
    }

    /// Space during a key seek toggles what the seek started from, not "seeking".
    @Test func togglePauseDuringASeekTogglesThePauseStateTheSeekStartedFrom() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(3))))
        _ = reducer.apply(MPVEvent(id, .property(.pause(true))))
        #expect(reducer.pauseToggle == .resume)
        _ = reducer.seek(to: 8)
        #expect(reducer.snapshot.playback == .seekingForward)
        #expect(reducer.pauseToggle == .resume)
        _ = reducer.apply(MPVEvent(id, .property(.pause(false))))
        _ = reducer.apply(MPVEvent(id, .playbackRestart))
        #expect(reducer.pauseToggle == .pause)
        _ = reducer.seek(to: 1)
        #expect(reducer.snapshot.playback == .seekingBackward)
        #expect(reducer.pauseToggle == .pause)
        _ = reducer.stop()
        #expect(reducer.pauseToggle == .play)
    }

    @Test func endedOnlyAtTheRealEnd() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer, duration: 10)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(9.96))))
        _ = reducer.apply(MPVEvent(id, .property(.eofReached(true))))
        let end = reducer.settle().map(\.kind).last
        #expect(end == .ended(.endOfFile(EndOfFile(position: 9.96, duration: 10, log: LogFindings()))))
        #expect(end?.finish == .ended)
        #expect(reducer.snapshot.playback == .paused)  // keep-open; pause=yes follows
        #expect(reducer.apply(MPVEvent(id, .property(.pause(true)))).isEmpty)
        // Seeking back after the end withdraws the end, once.
        #expect(reducer.apply(MPVEvent(id, .property(.eofReached(false)))).map(\.kind).contains(.resumedAfterEnd))
        #expect(reducer.snapshot.end == nil)
        #expect(!reducer.apply(MPVEvent(id, .property(.eofReached(false)))).map(\.kind).contains(.resumedAfterEnd))
    }

    @Test func anEndBeforeTheDurationWithAFrameLimitIsTheLimitNotAnError() {
        var configuration = PlayerConfiguration()
        configuration.frameLimit = 5
        var reducer = PlaybackReducer(configuration: configuration)
        started(&reducer, duration: 10)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(0.16))))
        _ = reducer.apply(MPVEvent(id, .endFile(.eof)))
        #expect(reducer.settle().map(\.kind).last?.finish == .frameLimitReached(frames: 5))
        // A failed segment is still an error, limit or not.
        var failing = PlaybackReducer(configuration: configuration)
        started(&failing, duration: 10)
        _ = failing.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 0 of playlist 0"))))
        _ = failing.apply(MPVEvent(id, .endFile(.eof)))
        guard case .error? = failing.settle().map(\.kind).last?.finish else { Issue.record("expected an error"); return }
    }

    @Test func earlyEndIsAnErrorNamingTheSegment() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer, duration: 20)
        for (prefix, text) in [("ffmpeg", "http: HTTP error 500 Internal Server Error"),
                               ("ffmpeg/demuxer", "hls: Failed to open segment 5 of playlist 0")] {
            _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: prefix, level: "warn", text: text))))
        }
        _ = reducer.apply(MPVEvent(id, .property(.timePos(11.2))))
        _ = reducer.apply(MPVEvent(id, .property(.eofReached(true))))
        #expect(reducer.settle().map(\.kind).last?.finish == .error("stream ended early at 0:11 of 0:20: segment 5 failed (HTTP error 500 Internal Server Error)"))
    }

    @Test func skippedSegmentAtFullLengthIsStillAnError() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer, duration: 10)
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 2 of playlist 0"))))
        _ = reducer.apply(MPVEvent(id, .property(.timePos(9.9))))
        _ = reducer.apply(MPVEvent(id, .property(.eofReached(true))))
        _ = reducer.settle()
        guard case .error(let message)? = reducer.snapshot.finish else { Issue.record("expected an error"); return }
        #expect(message.contains("segment 2 failed"))
    }

    @Test func openFailureCarriesTheHTTPReasonLoggedAfterEndFile() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: source, start: 0)
        // "connecting" ends with the END_FILE; the finish waits for the log lines.
        #expect(reducer.apply(MPVEvent(id, .endFile(.error("loading failed")))).map(\.kind) == [.load(.unknown)])
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg", level: "warn", text: "http: HTTP error 404 Not Found"))))
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "stream", level: "error", text: "Failed to open http://h/v.m3u8."))))
        let updates = reducer.settle().map(\.kind)
        #expect(updates.map(\.finish) == [.error("could not open the media: HTTP error 404 Not Found (mpv: loading failed)")])
        #expect(reducer.snapshot.playback == .stopped)
        #expect(reducer.isUnloaded)
    }

    @Test func forbiddenMediaRaisesAccessDeniedOnceWithThePosition() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(4.5))))
        let log = MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg", level: "error", text: "http: HTTP error 403 Forbidden")))
        let first = reducer.apply(log).map(\.kind)
        #expect(first == [.accessDenied(AccessDenied(status: 403, position: 4.5, message: "HTTP error 403 Forbidden"))])
        #expect(reducer.apply(log).isEmpty)
    }

    @Test func staleEventsAreDroppedAndNothingIsInherited() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(7))))
        _ = reducer.apply(MPVEvent(id, .property(.pause(true))))
        let next = PlaybackID(rawValue: 2)
        let begun = reducer.begin(next, source: source, start: 0)
        #expect(begun.first == PlayerUpdate(id, .ended(.stopped)))
        #expect(begun.dropFirst().allSatisfy { $0.playbackID == next })
        #expect(reducer.apply(MPVEvent(id, .property(.eofReached(true)))).isEmpty)
        #expect(reducer.apply(MPVEvent(id, .playbackRestart)).isEmpty)
        #expect(reducer.snapshot.playback == .stopped)
        #expect(reducer.snapshot.end == nil)
        #expect(reducer.snapshot.progress.position == 0)
        #expect(reducer.snapshot.progress.duration == nil)
    }

    /// The player keeps no slider: stopped, it reports where mpv last was and ignores seeks (the
    /// app's `PlaybackSession` owns the position a playback starts again at).
    @Test func stopReportsTheLastPositionAndASeekWhileStoppedIsNotThePlayers() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(6.5))))
        let stopped = reducer.stop().map(\.kind)
        #expect(stopped.contains(.playback(.stopped)))
        #expect(stopped.contains(.ended(.stopped)))
        #expect(reducer.snapshot.progress.position == 6.5)
        #expect(reducer.isUnloaded)
        // Late events of the stopped playback change nothing.
        #expect(reducer.apply(MPVEvent(id, .property(.timePos(9)))).isEmpty)
        let moved = reducer.seek(to: 3)
        #expect(moved.send == nil)
        #expect(moved.updates.isEmpty)
        #expect(reducer.snapshot.progress.position == 6.5)
    }

    /// Before mpv reports a position the progress is where the load asked to start; after an
    /// error unloads the media, where mpv last was (its `time-pos` going away changes nothing).
    @Test func positionIsTheStartUntilMpvSaysAndTheLastReportAfterAnError() {
        var reducer = PlaybackReducer(configuration: .init())
        _ = reducer.begin(id, source: MediaSource(url: URL(string: "http://h/e.m3u8")!), start: 4)
        #expect(reducer.snapshot.progress.position == 4)
        #expect(reducer.seek(to: 7).send == nil, "nothing loaded yet: mpv starts where the load said")
        _ = reducer.apply(MPVEvent(id, .fileLoaded))
        _ = reducer.apply(MPVEvent(id, .property(.timePos(5.5))))
        #expect(reducer.snapshot.progress.position == 5.5)
        _ = reducer.apply(MPVEvent(id, .endFile(.error("loading failed"))))
        _ = reducer.apply(MPVEvent(id, .property(.timePos(nil))))
        _ = reducer.settle()
        #expect(reducer.snapshot.progress.position == 5.5)
    }

    @Test func loadStatesFromTheCache() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        #expect(reducer.snapshot.load == .playable)
        _ = reducer.apply(MPVEvent(id, .property(.pausedForCache(true))))
        _ = reducer.apply(MPVEvent(id, .property(.cacheBufferingState(40))))
        #expect(reducer.snapshot.load == .stalled(bufferingPercent: 40))
        #expect(reducer.snapshot.playback == .playing)
        _ = reducer.apply(MPVEvent(id, .property(.pausedForCache(false))))
        _ = reducer.apply(MPVEvent(id, .property(.demuxerCacheState(DemuxerCacheState(eofCached: false, cacheDuration: 6)))))
        #expect(reducer.snapshot.load == .playthroughOK)
        #expect(reducer.progressNow.bufferedAhead == 6)
        _ = reducer.apply(MPVEvent(id, .property(.demuxerCacheState(DemuxerCacheState(eofCached: true, cacheDuration: 1)))))
        #expect(reducer.snapshot.load == .playthroughOK)
    }

    @Test func interruptionOverridesAndRestores() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        #expect(reducer.setInterrupted(true).map(\.kind) == [.playback(.interrupted)])
        _ = reducer.apply(MPVEvent(id, .property(.pause(true))))
        #expect(reducer.snapshot.playback == .interrupted)
        _ = reducer.apply(MPVEvent(id, .property(.pause(false))))
        #expect(reducer.setInterrupted(false).map(\.kind) == [.playback(.playing)])
    }

    @Test func tickReportsProgressOnlyWhenItChanged() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(1))))
        #expect(reducer.tick().map(\.kind) == [.progress(PlaybackProgress(position: 1, duration: 10))])
        #expect(reducer.tick().isEmpty)
    }

    @Test func stallWatchdogFinishesWithAnErrorAndAllowsAReload() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        _ = reducer.apply(MPVEvent(id, .property(.timePos(3.5))))
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: keepalive request failed for 'http://h/s2.ts' with error: 'Connection timed out' when opening url, retrying with new connection"))))
        _ = reducer.apply(MPVEvent(id, .log(PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 2 of playlist 0"))))
        _ = reducer.apply(MPVEvent(id, .property(.pausedForCache(true))))
        let updates = reducer.failStalled(after: 30).map(\.kind)
        #expect(updates.contains(.playback(.stopped)))
        guard case .error(let message)? = updates.last?.finish else { Issue.record("\(updates)"); return }
        #expect(message.hasPrefix("stalled for 30 s at 0:03 of 0:10: segment 2 failed (keepalive request failed"))
        #expect(reducer.isUnloaded)
        #expect(reducer.snapshot.progress.position == 3.5)
    }
}
