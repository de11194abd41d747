import AppCore
import EventsAPI
import Foundation
import Playlist
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIState

@Suite("AppState: playback")
struct PlaybackReducerTests {
    @Test func enterPreparesTheSelectedEventAndFocusesThePlayer() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects == [.startPlayback(Fixtures.event(3, camera: "Driveway"), id: PlaybackID(rawValue: 1), startAt: 0)])
        #expect(state.focus == .player)
        #expect(state.screen().player?.title == "Driveway · Motion 3")
        #expect(state.screen().player?.subtitle.hasSuffix("preparing…") == true)
    }

    @Test func playerKeysWaitUntilPrepared() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        #expect(state.reduce(.action(.togglePause), now: .now).isEmpty)
        #expect(state.reduce(Fixtures.update(.loaded, state), now: .now).isEmpty)
        #expect(state.reduce(.action(.togglePause), now: .now) == [.player(.togglePause)])
    }

    @Test func theNewestPlaybackWins() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects == [.startPlayback(Fixtures.event(1, camera: "Driveway"), id: PlaybackID(rawValue: 2), startAt: 0)])
        let first = PlaybackID(rawValue: 1)
        _ = state.reduce(.playback(PlaybackUpdate(first, .finished(.error("late")), session: .init(finish: .error("late")))), now: .now)
        #expect(state.status.error == nil, "the replaced playback's last words are dropped")
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        #expect(state.screen().player?.subtitle.contains("evt-1") == true)
        #expect(state.screen().player?.subtitle.hasSuffix("preparing…") == false)
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
        _ = state.reduce(Fixtures.update(.player(.playback(.seekingForward)), state), now: .now)
        #expect(state.reduce(.action(.seekBy(5)), now: .now) == [.player(.seek(to: 10))], "adds up, clamped to the duration")
        #expect(state.screen().player?.pendingSeekTarget == 10)
        #expect(state.screen().player?.playback == .seekingForward)
        _ = state.reduce(Fixtures.update(.player(.playback(.playing)), state), now: .now)
        #expect(state.screen().player?.pendingSeekTarget == nil)
        #expect(state.reduce(.action(.seekBy(-60)), now: .now) == [.player(.seek(to: 0))])
    }

    @Test func progressMuteAndLoadAreShown() {
        var state = Fixtures.playingState()
        _ = state.reduce(Fixtures.update(.player(.load(.stalled(bufferingPercent: 40))), state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.audio(muted: true, volume: 80)), state), now: .now)
        let player = state.screen().player
        #expect(player?.position == 2)
        #expect(player?.duration == 10)
        #expect(player?.bufferedAhead == 4)
        #expect(player?.load == .stalled(bufferingPercent: 40))
        #expect(player?.isMuted == true)
        #expect(player?.volume == 80)
    }

    @Test func endedAndErrorFinishes() {
        var state = Fixtures.playingState()
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(state.screen().player?.finish == .ended)
        #expect(state.status.error == nil)
        _ = state.reduce(Fixtures.update(.finished(.error("segment 3 failed")), state), now: .now)
        #expect(state.screen().player?.finish == .error("segment 3 failed"))
        #expect(state.screen().error == "Playback failed: segment 3 failed")
    }

    /// Before: after Space (or a seek back) replayed an ended event, the status bar said
    /// "▶ Playing │ … │ ended" until the next end.
    /// `f` gives terminal video the whole terminal; `f` or Esc (before anything else Esc does)
    /// returns; without terminal video it says why it cannot.
    @Test func fullPaneVideoTogglesAndEscReturns() {
        var state = Fixtures.playingState()
        _ = state.reduce(.action(.toggleFullPane), now: .now)
        #expect(!state.screen().isFullPane)
        #expect(state.screen().message?.text.contains("needs terminal video") == true)
        var video = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User", isTerminalVideo: true)
        _ = video.reduce(.action(.toggleFullPane), now: .now)
        #expect(video.screen().isFullPane)
        _ = video.reduce(.action(.toggleFullPane), now: .now)
        #expect(!video.screen().isFullPane)
        _ = video.reduce(.action(.toggleFullPane), now: .now)
        _ = video.reduce(.action(.toggleHelp), now: .now)
        _ = video.reduce(.action(.back), now: .now)
        #expect(video.screen().overlay == nil && video.screen().isFullPane, "Esc closes the help first")
        _ = video.reduce(.action(.back), now: .now)
        #expect(!video.screen().isFullPane)
    }

    /// Zoom and pan (mpv's Alt keys) go to the player and stay for the session; the message line
    /// says where the picture is.
    @Test func zoomAndPanGoToThePlayerAndResetPutsThemBack() {
        var state = Fixtures.playingState()
        var effects = state.reduce(.action(.zoom(by: 0.1)), now: .now)
        effects += state.reduce(.action(.zoom(by: 0.1)), now: .now)
        effects += state.reduce(.action(.pan(x: 0.1, y: 0)), now: .now)
        guard case .player(.setFraming(let framing))? = effects.last else { Issue.record("\(effects)"); return }
        #expect(framing == VideoFraming(zoom: 0.2, panX: 0.1))
        #expect(state.screen().message?.text == "Zoom 1.15× · pan 0.1, 0.0 (Alt-Backspace resets)")
        let reset = state.reduce(.action(.resetFraming), now: .now)
        guard case .player(.setFraming(let back))? = reset.last else { Issue.record("\(reset)"); return }
        #expect(back.isIdentity)
        #expect(state.screen().message?.text == "Zoom and pan reset")
        #expect(state.reduce(.action(.resetFraming), now: .now).isEmpty, "nothing to change")
    }

    /// The session says when "ended" no longer holds (`.resumed`); the view follows it and does
    /// not guess from playback states.
    @Test func replayingAfterTheEndClearsEnded() {
        var state = Fixtures.playingState()
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.playback(.paused)), state), now: .now)
        #expect(state.screen().player?.finish == .ended, "paused on the last frame is still the end")
        _ = state.reduce(Fixtures.update(.player(.playback(.seekingBackward)), state), now: .now)
        #expect(state.screen().player?.finish == .ended, "only the session takes the end back")
        _ = state.reduce(Fixtures.update(.resumed, state), now: .now)
        #expect(state.screen().player?.finish == nil)
        _ = state.reduce(Fixtures.update(.player(.playback(.playing)), state), now: .now)
        #expect(state.screen().player?.finish == nil)
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(state.screen().player?.finish == .ended, "the second end is shown again")
    }

    @Test func prepareFailureIsAnError() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(Fixtures.update(.finished(.error("no token for bucket 365-days")), state), now: .now)
        #expect(state.screen().error == "Playback failed: no token for bucket 365-days")
        #expect(state.screen().player?.finish == .error("no token for bucket 365-days"))
        #expect(state.screen().player?.subtitle.hasSuffix("preparing…") == false)
    }

    @Test func aTokenRefreshIsShown() {
        var state = Fixtures.playingState()
        let denied = AccessDenied(status: 403, position: 6, message: "forbidden")
        #expect(state.reduce(Fixtures.update(.refreshing(denied), state), now: .now).isEmpty)
        #expect(state.screen().message?.text == "Refreshing access… (403 at 0:06)")
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
        var player = PlaybackTimeline()
        player.firstFrame = .milliseconds(100)
        var prepare = StartupTimings()
        prepare.tokensMilliseconds = 5
        let timeline = StartupTimeline(prepare: prepare, prepared: .milliseconds(15), loaded: .milliseconds(20), player: player)
        _ = state.reduce(Fixtures.update(.timeline(timeline), state), now: .now)
        #expect(state.screen().timeline.first == TimelineRow(label: "tokens", milliseconds: 5))
        #expect(state.screen().timeline.last == TimelineRow(label: "first frame", milliseconds: 120))
    }
}
