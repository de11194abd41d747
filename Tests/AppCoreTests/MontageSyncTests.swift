import AppCore
import EventsAPI
import Foundation
import Testing

/// The montage's pure parts beside its clock and plan: the sync policy, what a tile's playback
/// does when the plan changes, what a tile says, and the hold after a start or a seek.
@Suite struct MontageSyncTests {
    let sync = MontageSync()

    @Test func driftWithinAQuarterOfAFrameNeedsNothing() {
        #expect(sync.decide(drift: 0, clockSpeed: 1) == .steady)
        #expect(sync.decide(drift: 0.009, clockSpeed: 1) == .steady)
        #expect(sync.decide(drift: -0.01, clockSpeed: 2) == .steady)
        #expect(sync.decide(drift: 0.019, clockSpeed: 1) != .steady, "the readings' mean is kept near zero")
    }

    @Test func aSmallDriftIsPlayedAwayByASlightlyDifferentSpeed() {
        // 100 ms behind at 1×: 10 % faster closes it in about a second.
        #expect(sync.decide(drift: -0.1, clockSpeed: 1) == .correct(speed: 1.1))
        // 50 ms ahead: 5 % slower.
        guard case .correct(let slower) = sync.decide(drift: 0.05, clockSpeed: 1) else { Issue.record("no correction"); return }
        #expect(abs(slower - 0.95) < 1e-9)
        // The correction is a fraction of the clock's speed and never more than 10 % of it.
        #expect(sync.decide(drift: -0.4, clockSpeed: 1) == .correct(speed: 1.1))
        #expect(sync.decide(drift: 0.4, clockSpeed: 2) == .correct(speed: 1.8))
        guard case .correct(let atDouble) = sync.decide(drift: -0.1, clockSpeed: 2) else { Issue.record("no correction"); return }
        #expect(abs(atDouble - 2.1) < 1e-9, "0.1 s at 2× is closed at 2.1× in a second")
    }

    @Test func aLargeDriftIsSoughtAway() {
        #expect(sync.decide(drift: -0.5, clockSpeed: 1) == .seek)
        #expect(sync.decide(drift: 3, clockSpeed: 1) == .seek)
        #expect(sync.decide(drift: .nan, clockSpeed: 1) == .steady)
    }

    @Test func readingsAreSmoothedSoTheFrameStepSawtoothAveragesOut() {
        #expect(sync.smoothed(nil, with: -0.03) == -0.03)
        // A tile exactly on the clock reads between a frame behind and zero (time-pos is the
        // frame on screen): the smoothed drift settles near the middle, half a frame behind.
        var drift: Double?
        for reading in (0..<100).map({ -0.04 * Double($0 % 10) / 10 }) { drift = sync.smoothed(drift, with: reading) }
        #expect(abs((drift ?? 0) + 0.02) < 0.015, "\(String(describing: drift))")
    }

    static let t0 = Date(timeIntervalSince1970: 1_795_478_400)
    static let event = MontageTests.event("a", "Front Door", 0, 60)
    static let other = MontageTests.event("b", "Front Door", 60, 120)

    @Test func aTileStartsStopsOrKeepsWhatItHas() {
        #expect(MontageTileAction.decide(current: nil, planned: .playing(Self.event, offset: 12)) == .start(Self.event, at: 12))
        #expect(MontageTileAction.decide(current: "a", planned: .playing(Self.event, offset: 40)) == .keep,
                "the same event plays on (or keeps showing its error: a failed stream is not retried by every plan)")
        #expect(MontageTileAction.decide(current: "a", planned: .playing(Self.other, offset: 0)) == .start(Self.other, at: 0))
        #expect(MontageTileAction.decide(current: "a", planned: .noRecording(next: nil)) == .stop)
        #expect(MontageTileAction.decide(current: nil, planned: .noRecording(next: Self.t0)) == .keep)
    }

    @Test func aTileSaysWhatItIsDoing() {
        let utc = TimeZone(identifier: "UTC")!
        let playing = MontagePlan.TileState.playing(Self.event, offset: 3)
        #expect(MontageTileStatus.of(planned: .noRecording(next: Self.t0.addingTimeInterval(5 * 3600 + 300)), phase: nil, playback: nil,
                                     started: false, notice: nil).text(in: utc) == "no recording · next 05:05")
        #expect(MontageTileStatus.noRecording(next: Self.t0.addingTimeInterval(20)).text(in: utc) == "no recording · next 00:00:20")
        #expect(MontageTileStatus.noRecording(next: nil).text(in: utc) == "no recording")
        #expect(MontageTileStatus.of(planned: playing, phase: .preparing, playback: nil, started: false, notice: nil) == .loading(notice: nil))
        #expect(MontageTileStatus.of(planned: playing, phase: .loaded, playback: .playing, started: false,
                                     notice: "segment0.ts failed: HTTP 500 after 4 attempts").description
                == "loading · segment0.ts failed: HTTP 500 after 4 attempts")
        #expect(MontageTileStatus.of(planned: playing, phase: .loaded, playback: .playing, started: true, notice: nil) == .playing)
        #expect(MontageTileStatus.of(planned: playing, phase: .loaded, playback: .seekingForward, started: true, notice: nil) == .loading(notice: nil))
        #expect(MontageTileStatus.of(planned: playing, phase: .loaded, playback: .paused, started: true, notice: nil) == .paused)
        #expect(MontageTileStatus.of(planned: playing, phase: .finished(.error("HTTP 500")), playback: .stopped, started: false,
                                     notice: nil).description == "HTTP 500")
        #expect(MontageTileStatus.of(planned: playing, phase: .finished(.ended), playback: .paused, started: true, notice: nil) == .ended)
    }

    @Test func theHoldWaitsForEveryTileOrItsPatience() {
        let now = ContinuousClock.now
        var hold = MontageHold(waitingFor: [0, 1, 2], resume: true, deadline: now + MontageHold.patience)
        #expect(!hold.isReleased(ready: [0, 2], now: now))
        #expect(hold.isReleased(ready: [0, 1, 2], now: now))
        hold.drop(1)   // it failed
        #expect(hold.isReleased(ready: [0, 2], now: now))
        #expect(MontageHold(waitingFor: [0], resume: true, deadline: now + .seconds(1)).isReleased(ready: [], now: now + .seconds(1)))
        #expect(MontageHold(waitingFor: [], resume: false, deadline: now + .seconds(1)).isReleased(ready: [], now: now),
                "nothing to wait for: a montage of cameras without footage runs at once")
    }
}
