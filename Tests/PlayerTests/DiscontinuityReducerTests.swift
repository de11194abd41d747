import Foundation
import PlaybackStates
import Testing
@testable import Player

/// Position across an `#EXT-X-DISCONTINUITY` whose timestamps restart (the events mpv 0.35
/// sends for the demo's `evt-discontinuity`: `time-pos` 0…12, then 0…12 again, `duration` 24).
@Suite struct DiscontinuityReducerTests {
    let id = PlaybackID(rawValue: 1)
    let source = MediaSource(url: URL(fileURLWithPath: "/tmp/x.m3u8"), authorizationToken: "t")

    func started(_ reducer: inout PlaybackReducer) {
        _ = reducer.begin(id, source: source, start: 0)
        for kind: MPVEvent.Kind in [.startFile, .fileLoaded, .property(.duration(24)),
                                    .property(.pause(false)), .property(.coreIdle(false)), .playbackRestart] {
            _ = reducer.apply(MPVEvent(id, kind))
        }
    }

    func play(_ reducer: inout PlaybackReducer, _ positions: some Sequence<Double>) {
        for position in positions { _ = reducer.apply(MPVEvent(id, .property(.timePos(position)))) }
    }

    @Test func positionCountsOnAcrossRestartingTimestampsAndTheEndIsEnded() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        play(&reducer, stride(from: 0.0, through: 11.96, by: 0.04))
        play(&reducer, stride(from: 0.0, through: 5.0, by: 0.04))
        #expect(abs(reducer.progressNow.position - 17) < 0.1)
        #expect(reducer.progressNow.duration == 24)
        play(&reducer, stride(from: 5.04, through: 11.96, by: 0.04))
        #expect(reducer.progressNow.position > 23.5)
        _ = reducer.apply(MPVEvent(id, .property(.eofReached(true))))
        #expect(reducer.settle().map(\.kind).last?.finish == .ended)
    }

    @Test func aSeekBackIsNotARestart() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        play(&reducer, stride(from: 0.0, through: 9.0, by: 0.5))
        _ = reducer.seek(to: 2)
        play(&reducer, [2.0])
        _ = reducer.apply(MPVEvent(id, .playbackRestart))
        play(&reducer, [2.04, 2.5])
        #expect(reducer.progressNow.position == 2.5)
    }

    @Test func aSeekAfterARestartStartsTheCountOver() {
        var reducer = PlaybackReducer(configuration: .init())
        started(&reducer)
        play(&reducer, stride(from: 0.0, through: 11.9, by: 0.1))
        play(&reducer, stride(from: 0.0, through: 3.0, by: 0.1))
        #expect(abs(reducer.progressNow.position - 14.9) < 0.1)
        _ = reducer.seek(to: 4)
        play(&reducer, [4.0])
        _ = reducer.apply(MPVEvent(id, .playbackRestart))
        play(&reducer, [4.04, 4.5])
        #expect(reducer.progressNow.position == 4.5)
    }
}
