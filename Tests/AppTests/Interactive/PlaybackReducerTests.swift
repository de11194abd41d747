@testable import App
import EventsAPI
import Foundation
import Player
import Testing
import TUI

@Suite("AppState: playback")
struct PlaybackReducerTests {
    @Test func enterPreparesTheSelectedEventAndFocusesThePlayer() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects == [.prepare(Fixtures.event(3, camera: "Driveway"), generation: 1, refreshTokens: false, startAt: 0)])
        #expect(state.focus == .player)
        #expect(state.screen().player?.title == "Driveway · Motion 3")
        #expect(state.screen().player?.subtitle.hasSuffix("preparing…") == true)
    }

    @Test func playerKeysWaitUntilPrepared() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        #expect(state.reduce(.action(.togglePause), now: .now).isEmpty)
        #expect(state.reduce(.prepared(generation: 1), now: .now) == [.load(generation: 1)])
        #expect(state.reduce(.action(.togglePause), now: .now) == [.player(.togglePause)])
    }

    @Test func theNewestPlaybackWins() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects.first == .unload)
        #expect(state.reduce(.prepared(generation: 1), now: .now) == [.discard(generation: 1)])
        #expect(state.reduce(.prepareFailed(message: "late", generation: 1), now: .now).isEmpty)
        #expect(state.error == nil)
        #expect(state.reduce(.prepared(generation: 2), now: .now) == [.load(generation: 2)])
    }

    @Test func playerKeysBecomeCommands() {
        var state = Fixtures.playingState()
        #expect(state.reduce(.action(.toggleMute), now: .now) == [.player(.toggleMute)])
        #expect(state.reduce(.action(.stop), now: .now) == [.player(.stop)])
        #expect(state.reduce(.action(.play), now: .now) == [.player(.play)], "Enter in the player resumes from the knob")
        #expect(state.reduce(.action(.volume(by: 5)), now: .now) == [.player(.setVolume(105))])
        #expect(state.reduce(.action(.seekToStart), now: .now) == [.player(.seek(to: 0))])
        #expect(state.reduce(.action(.seekToEnd), now: .now) == [.player(.seek(to: 9))])
        #expect(state.reduce(.action(.seek(toFraction: 0.5)), now: .now) == [.player(.seek(to: 5))])
    }

    @Test func keySeeksMoveTheKnobUntilThePlayerCatchesUp() {
        var state = Fixtures.playingState()
        #expect(state.reduce(.action(.seekBy(5)), now: .now) == [.player(.seek(to: 7))])
        _ = state.reduce(.player(.playback(.seekingForward)), now: .now)
        #expect(state.reduce(.action(.seekBy(5)), now: .now) == [.player(.seek(to: 10))], "adds up, clamped to the duration")
        #expect(state.screen().player?.pendingSeekTarget == 10)
        #expect(state.screen().player?.kind == .seekingForward)
        _ = state.reduce(.player(.playback(.playing)), now: .now)
        #expect(state.screen().player?.pendingSeekTarget == nil)
        #expect(state.reduce(.action(.seekBy(-60)), now: .now) == [.player(.seek(to: 0))])
    }

    @Test func progressMuteAndLoadAreShown() {
        var state = Fixtures.playingState()
        _ = state.reduce(.player(.load(.stalled(bufferingPercent: 40))), now: .now)
        _ = state.reduce(.player(.audio(muted: true, volume: 80)), now: .now)
        let player = state.screen().player
        #expect(player?.position == 2)
        #expect(player?.duration == 10)
        #expect(player?.bufferedAhead == 4)
        #expect(player?.load == .stalled(percent: 40))
        #expect(player?.isMuted == true)
        #expect(player?.volume == 80)
    }

    @Test func endedAndErrorFinishes() {
        var state = Fixtures.playingState()
        _ = state.reduce(.player(.finished(.ended)), now: .now)
        #expect(state.screen().player?.finish == .ended)
        #expect(state.error == nil)
        _ = state.reduce(.player(.finished(.error("segment 3 failed"))), now: .now)
        #expect(state.screen().player?.finish == .error(message: "segment 3 failed"))
        #expect(state.screen().error == "Playback failed: segment 3 failed")
    }

    @Test func prepareFailureIsAnError() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(.prepareFailed(message: "no token for bucket 365-days", generation: 1), now: .now)
        #expect(state.screen().error == "Cannot play evt-0: no token for bucket 365-days")
        #expect(state.screen().player?.finish == .error(message: "no token for bucket 365-days"))
    }

    @Test func accessDeniedRefreshesTokensAndReloadsAtThePosition() {
        var state = Fixtures.playingState()
        let denied = AccessDenied(status: 403, position: 6, message: "forbidden")
        let effects = state.reduce(.player(.accessDenied(denied)), now: .now)
        #expect(effects == [.prepare(Fixtures.event(0), generation: 1, refreshTokens: true, startAt: 6)])
        #expect(state.screen().message?.text == "Refreshing access…")
        #expect(state.reduce(.prepared(generation: 1), now: .now) == [.load(generation: 1)])
    }

    @Test func suspendInterruptsAndResumeContinues() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.suspend), now: .now).isEmpty, "nothing playing")
        state = Fixtures.playingState()
        #expect(state.reduce(.action(.suspend), now: .now) == [.player(.interrupt)])
        #expect(state.reduce(.action(.resume), now: .now) == [.player(.resume)])
    }

    @Test func qReturnsToTheListThenQuits() {
        var state = Fixtures.playingState()
        #expect(state.reduce(.action(.quitOrBack), now: .now).isEmpty)
        #expect(state.focus == .list)
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.quit])
    }

    @Test func timelineRowsAreShown() {
        var state = Fixtures.playingState()
        _ = state.reduce(.timeline([TimelineRow(label: "first frame", milliseconds: 120)]), now: .now)
        #expect(state.screen().timeline == [TimelineRow(label: "first frame", milliseconds: 120)])
    }
}
