import AppCore
import Foundation
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIState

@Suite("AppState: speed, frame step, snapshot")
struct ReviewReducerTests {
    @Test func speedKeysSendTheSpeedAndTheStatusBarShowsIt() {
        var state = Fixtures.playingState()
        #expect(state.screen().player?.speedText == "")
        #expect(state.reduce(.action(.multiplySpeed(by: 1.1)), now: .now) == [.player(.setSpeed(1.1))])
        #expect(state.reduce(.action(.multiplySpeed(by: 1.1)), now: .now) == [.player(.setSpeed(1.21))])
        #expect(state.screen().player?.speedText == "1.21×")
        #expect(state.screen().message?.text == "Speed 1.21×")
        #expect(state.reduce(.action(.resetSpeed), now: .now) == [.player(.setSpeed(1))])
        #expect(state.screen().player?.speedText == "")
        #expect(state.reduce(.action(.resetSpeed), now: .now).isEmpty, "already 1×")
    }

    @Test func speedStopsAtTheLimitsAndSaysSo() {
        var state = Fixtures.playingState()
        for _ in 0..<4 { _ = state.reduce(.action(.multiplySpeed(by: 2)), now: .now) }
        #expect(state.player.speed.value == 16)
        #expect(state.reduce(.action(.multiplySpeed(by: 2)), now: .now).isEmpty)
        #expect(state.screen().message?.text == "Speed 16×: the fastest there is")
        _ = state.reduce(.action(.resetSpeed), now: .now)
        _ = state.reduce(.action(.multiplySpeed(by: 0.5)), now: .now)
        #expect(state.reduce(.action(.multiplySpeed(by: 0.5)), now: .now) == [.player(.setSpeed(0.25))])
        #expect(state.reduce(.action(.multiplySpeed(by: 1 / 1.1)), now: .now).isEmpty)
        #expect(state.screen().message?.text == "Speed 0.25×: the slowest there is")
    }

    @Test func theSpeedIsKeptAcrossEvents() {
        var state = Fixtures.playingState()
        _ = state.reduce(.action(.multiplySpeed(by: 2)), now: .now)
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.select(index: 4)), now: .now)
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        #expect(state.screen().player?.subtitle.contains("evt-4") == true)
        #expect(state.screen().player?.speedText == "2×", "the player starts the new playback at 2× itself")
        var configured = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "u", speed: 1.5)
        #expect(configured.player.speed.value == 1.5)
        #expect(configured.reduce(.action(.multiplySpeed(by: 2)), now: .now) == [.player(.setSpeed(3))],
                "before any playback too (the runner hands it to the player)")
    }

    @Test func frameStepsShowHundredthsUntilTheUserResumes() {
        var state = Fixtures.playingState()
        #expect(state.reduce(.action(.frameStep(forward: true)), now: .now) == [.player(.frameStep(forward: true))])
        #expect(state.screen().player?.showsFrameTime == true)
        _ = state.reduce(Fixtures.update(.player(.playback(.paused)), state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.progress(PlaybackProgress(position: 2.04, duration: 10))), state), now: .now)
        #expect(state.screen().player?.position == 2.04)
        #expect(state.reduce(.action(.frameStep(forward: false)), now: .now) == [.player(.frameStep(forward: false))])
        #expect(state.screen().player?.showsFrameTime == true)
        _ = state.reduce(Fixtures.update(.player(.playback(.playing)), state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.playback(.paused)), state), now: .now)
        #expect(state.screen().player?.showsFrameTime == true, "mpv plays the one frame of a step")
        #expect(state.reduce(.action(.togglePause), now: .now) == [.player(.togglePause)])
        #expect(state.screen().player?.showsFrameTime == false)
        _ = state.reduce(.action(.frameStep(forward: true)), now: .now)
        _ = state.reduce(.action(.play), now: .now)
        #expect(state.screen().player?.showsFrameTime == false, "Enter resumes too")
    }

    @Test func frameStepsNeedSomethingLoaded() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.play), now: .now)
        #expect(state.reduce(.action(.frameStep(forward: true)), now: .now).isEmpty, "still preparing")
        var stopped = Fixtures.playingState()
        _ = stopped.reduce(Fixtures.update(.player(.playback(.stopped)), stopped), now: .now)
        _ = stopped.reduce(Fixtures.update(.finished(.userExited), stopped), now: .now)
        #expect(stopped.reduce(.action(.frameStep(forward: true)), now: .now).isEmpty)
    }

    @Test func snapshotAsksForTheFrameAndShowsWhereItWent() {
        var state = Fixtures.playingState()
        let id = PlaybackID(rawValue: state.player.lastPlaybackID)
        #expect(state.reduce(.action(.saveSnapshot), now: .now) == [.saveSnapshot(Fixtures.event(0), id: id, position: 2)])
        _ = state.reduce(Fixtures.update(.player(.screenshot(path: "/p/Front-Door_x.png", error: nil)), state), now: .now)
        #expect(state.screen().message?.text == "Snapshot saved: /p/Front-Door_x.png")
        _ = state.reduce(Fixtures.update(.player(.screenshot(path: "/p/y.png", error: "no video frame to save (mpv: error running command)")), state), now: .now)
        #expect(state.screen().message?.text == "No snapshot: no video frame to save (mpv: error running command)")
    }

    @Test func theSavedPathShowsHomeAsTilde() {
        #expect(PlaybackModel.shortened("/home/me/Pictures/eventplayer/a.png", home: "/home/me") == "~/Pictures/eventplayer/a.png")
        #expect(PlaybackModel.shortened("/home/me/Pictures/a.png", home: "/home/me/") == "~/Pictures/a.png")
        #expect(PlaybackModel.shortened("/home/meow/a.png", home: "/home/me") == "/home/meow/a.png")
        #expect(PlaybackModel.shortened("/data/a.png", home: "") == "/data/a.png")
    }

    @Test func snapshotWithNothingPlayingSaysSo() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.saveSnapshot), now: .now).isEmpty)
        #expect(state.screen().message?.text == "No snapshot: nothing is playing")
    }
}
