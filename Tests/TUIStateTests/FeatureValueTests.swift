import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Testing
import TUI
@testable import TUIState

/// The features' own values decide without an `AppState` around them: what `>` does
/// (``PendingAdvance``), which still the pane wants (``StillSchedule``), which camera `L` shows
/// and where it returns (``LiveView``), how a playback takes its keys (``PlaybackModel``).
@Suite struct FeatureValueTests {
    static func list(_ count: Int, next: String?, generation: Int = 1) -> EventList {
        var list = EventList()
        list.events = (0..<count).map { Fixtures.event($0) }
        list.nextCursor = next
        list.fetchGeneration = generation
        return list
    }

    @Test func nextAtTheLastLoadedRowWaitsForThePageAndAStaleWaitIsDropped() throws {
        let list = Self.list(3, next: "c2")
        let last = list.events[2]
        let step = PendingAdvance.step(.next, from: last, list: list, visible: list.events, selected: nil, playbackID: 4)
        let pending = PendingAdvance(anchorID: last.id, generation: 1, playbackID: 4)
        #expect(step == .fetchNextPage(pending, message: "Loading more events…"))
        #expect(PendingAdvance.step(.previous, from: last, list: list, visible: list.events, selected: nil, playbackID: 4)
                == .play(list.events[1]))
        #expect(PendingAdvance.step(.previous, from: list.events[0], list: list, visible: list.events, selected: nil, playbackID: 4)
                == .end("First event"))

        var paged = list
        paged.events.append(Fixtures.event(3))
        #expect(pending.resolve(list: paged, visible: paged.events, playbackID: 4) == .play(Fixtures.event(3)))
        #expect(pending.resolve(list: paged, visible: paged.events, playbackID: 5) == nil, "another playback started")
        paged.fetchGeneration = 2
        #expect(pending.resolve(list: paged, visible: paged.events, playbackID: 4) == nil, "a refresh came")
        #expect(pending.resolve(list: list, visible: list.events, playbackID: 4) == .fetchNextPage(pending, message: nil),
                "the page added nothing shown: the next one")
    }

    @Test func hiddenEventsAreSkippedAndAnAnchorNoLongerLoadedGivesWayToTheSelection() {
        let list = Self.list(4, next: nil)
        let shown = [list.events[0], list.events[3]]
        #expect(PendingAdvance.step(.next, from: list.events[0], list: list, visible: shown, selected: nil, playbackID: 1)
                == .play(list.events[3]))
        let gone = Fixtures.event(99)
        #expect(PendingAdvance.step(.next, from: gone, list: list, visible: list.events, selected: list.events[1], playbackID: 1)
                == .play(list.events[2]))
        #expect(PendingAdvance.step(.next, from: gone, list: list, visible: list.events, selected: nil, playbackID: 1) == nil)
    }

    @Test func theStillIsWantedOnlyWhileNothingPlaysTheSelectedEvent() {
        let selected = Fixtures.event(1)
        var playing = PlaybackModel(event: Fixtures.event(2), id: PlaybackID(rawValue: 1), isLive: false)
        #expect(StillSchedule.candidate(selected: selected, playback: nil, drawsVideo: true) == selected)
        #expect(StillSchedule.candidate(selected: selected, playback: nil, drawsVideo: false) == nil, "video off")
        #expect(StillSchedule.candidate(selected: nil, playback: nil, drawsVideo: true) == nil)
        #expect(StillSchedule.candidate(selected: selected, playback: playing, drawsVideo: true) == nil, "being prepared")
        playing.isPreparing = false
        playing.playback = .playing
        #expect(StillSchedule.candidate(selected: selected, playback: playing, drawsVideo: true) == nil, "another event plays")
        playing.playback = .stopped
        #expect(StillSchedule.candidate(selected: selected, playback: playing, drawsVideo: true) == selected)
        #expect(StillSchedule.candidate(selected: playing.event, playback: playing, drawsVideo: true) == nil,
                "the stopped event's last frame stays")
    }

    @Test func liveShowsTheLanesCameraByItsServerIdElseTheKeyedEventsAndReturnsWhereItWasOpened() {
        let cameras = [Camera(id: "front_door", name: "Front Door")]
        let keyed = Fixtures.event(1, camera: "Driveway")
        func shown(_ lane: String?, _ keyed: Event?) -> [String]? {
            LiveView.camera(lane: lane, keyed: keyed, serverCameras: cameras).map { [$0.id, $0.name] }
        }
        #expect(shown("Front Door", keyed) == ["front_door", "Front Door"], "the lane's camera by its id")
        #expect(shown("Porch", keyed) == ["Porch", "Porch"], "a camera the server does not list: its name")
        #expect(shown(nil, keyed) == [keyed.camera, "Driveway"])
        #expect(LiveView.camera(lane: nil, keyed: nil, serverCameras: cameras) == nil)

        var playing = PlaybackModel(event: keyed, id: PlaybackID(rawValue: 1), isLive: false)
        playing.pendingSeekTarget = 4
        #expect(LiveView.returnsTo(onTimeline: true, playback: playing, isPlayerFocused: true) == .timeline)
        #expect(LiveView.returnsTo(onTimeline: false, playback: playing, isPlayerFocused: true) == .event(keyed, position: 4))
        #expect(LiveView.returnsTo(onTimeline: false, playback: playing, isPlayerFocused: false) == .list)
        playing.live = LiveView(camera: "Driveway", returnsTo: .timeline)
        #expect(LiveView.returnsTo(onTimeline: false, playback: playing, isPlayerFocused: true) == .timeline,
                "another camera: back to the same place")
    }

    @Test func aPlaybackTakesNoKeysWhilePreparedAndTheVolumeIsTheSessions() {
        var model = PlaybackModel(event: Fixtures.event(1), id: PlaybackID(rawValue: 1), isLive: false)
        var player = PlayerSettings()
        var status = StatusLine()
        #expect(model.reduce(.volume(by: 10), player: &player, status: &status, now: .now).isEmpty, "being prepared")
        model.isPreparing = false
        #expect(model.reduce(.volume(by: 10), player: &player, status: &status, now: .now) == [.player(.setVolume(110))])
        #expect(player.volume == 110)
        #expect(model.reduce(.seekToHighestScore, player: &player, status: &status, now: .now).isEmpty)
        #expect(status.message?.text == PlaybackModel.noAlarmsText(model.event))
        #expect(PlaybackModel.saveSnapshot(of: nil, status: &status, now: .now).isEmpty)
        #expect(status.message?.text == "No snapshot: nothing is playing")
    }
}
