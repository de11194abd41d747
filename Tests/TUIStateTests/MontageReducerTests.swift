import AppCore
import EventsAPI
import Foundation
import Player
import Testing
import TUI
@testable import TUIState

/// The montage (`M`) in the reducer: where it opens and with which cameras, keys turned into
/// commands for every tile, Tab, a tile alone, pages of four cameras, Esc back to where it came
/// from, a montage that cannot start, and the screen made from its reports.
@Suite("AppState: montage")
struct MontageReducerTests {
    /// The list with events on `cameras` (round robin), the first selected.
    static func state(cameras: [String] = ["Front Door", "Driveway"]) -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User", isTerminalVideo: true)
        _ = state.start()
        let events = (0..<12).map { Fixtures.event($0, camera: cameras[$0 % cameras.count]) }
        _ = state.reduce(.pageLoaded(EventsPage(events: events, nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    static func started(_ effects: [AppEffect]) -> (cameras: [String], moment: Date, events: [Event])? {
        for effect in effects { if case .startMontage(let cameras, let moment, let events, _, _) = effect { return (cameras, moment, events) } }
        return nil
    }

    @Test func mOnTheListOpensEveryCameraAtTheSelectedEvent() throws {
        var state = Self.state()
        let start = try #require(Self.started(state.reduce(.action(.startMontage), now: .now)))
        #expect(start.cameras == ["Front Door", "Driveway"], "the selected event's camera first")
        #expect(start.moment == Fixtures.event(0).startTime)
        #expect(start.events.contains { $0.id == "evt-0" })
        let screen = try #require(state.screen().montage)
        #expect(screen.tiles.map(\.title) == screen.tiles.map(\.title).filter { $0.contains(" · ") })
        #expect(screen.tiles.allSatisfy { $0.detail == "loading" && !$0.showsVideo })
        #expect(state.screen().keyContext == .montage)
        #expect(!state.screen().showsPlayerPane)
    }

    @Test func fromTheTimelineItOpensAtTheCursor() throws {
        var state = Self.state()
        _ = state.reduce(.action(.toggleTimeline), now: .now)
        _ = state.reduce(.action(.timelineStep(3)), now: .now)
        let cursor = try #require(state.timeline?.cursor)
        let start = try #require(Self.started(state.reduce(.action(.startMontage), now: .now)))
        #expect(start.moment == cursor)
        // Esc: back to the timeline.
        #expect(state.reduce(.action(.back), now: .now) == [.stopMontage])
        #expect(state.screen().montage == nil && state.screen().timelineView != nil)
    }

    @Test func keysBecomeCommandsForEveryTile() {
        var state = Self.state()
        _ = state.reduce(.action(.startMontage), now: .now)
        #expect(state.reduce(.action(.togglePause), now: .now) == [.montage(.togglePause)])
        #expect(state.reduce(.action(.seekBy(5)), now: .now) == [.montage(.seek(by: 5))])
        #expect(state.reduce(.action(.seekBy(-60)), now: .now) == [.montage(.seek(by: -60))])
        #expect(state.reduce(.action(.multiplySpeed(by: 2)), now: .now) == [.montage(.setSpeed(2))])
        #expect(state.reduce(.action(.resetSpeed), now: .now) == [.montage(.setSpeed(1))])
        #expect(state.reduce(.action(.frameStep(forward: false)), now: .now) == [.montage(.frameStep(forward: false))])
        #expect(state.reduce(.action(.montageFocusNext), now: .now) == [.montage(.focusNext)])
        #expect(state.reduce(.action(.toggleMute), now: .now) == [.montage(.setMuted(true))])
        // Keys of the list do nothing here.
        #expect(state.reduce(.action(.refresh), now: .now).isEmpty)
    }

    @Test func enterShowsTheHeardTileAloneAndEscTheGridThenTheList() throws {
        var state = Self.state()
        _ = state.reduce(.action(.startMontage), now: .now)
        let snapshot = MontageSnapshot(wallTime: Fixtures.event(0).startTime, speed: 1, isPaused: false, isHolding: false, isMuted: false, tiles: [
            .init(camera: "Driveway", status: .noRecording(next: nil)),
            .init(camera: "Front Door", eventID: "evt-0", eventStart: Fixtures.event(0).startTime, status: .playing,
                  position: 3, drift: 0.012, isFocused: true),
        ])
        _ = state.reduce(.montage(snapshot), now: .now)
        _ = state.reduce(.action(.play), now: .now)
        let alone = try #require(state.screen().montage)
        #expect(alone.isSolo && alone.tiles.count == 1 && alone.tiles[0].index == 1)
        #expect(state.reduce(.action(.back), now: .now).isEmpty)
        #expect(state.screen().montage?.tiles.count == 2)
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.stopMontage])
        #expect(state.screen().montage == nil && state.focus == .list)
    }

    @Test func theScreenShowsEachTilesStateAndTheDriftForTheRequestLog() throws {
        var state = Self.state()
        _ = state.reduce(.action(.startMontage), now: .now)
        let start = Fixtures.event(0).startTime
        let next = start.addingTimeInterval(120)
        let snapshot = MontageSnapshot(wallTime: start.addingTimeInterval(3), speed: 2, isPaused: true, isHolding: false, isMuted: false, tiles: [
            .init(camera: "Front Door", eventID: "evt-0", eventStart: start, status: .paused, position: 3.02, drift: 0.02, isFocused: true),
            .init(camera: "Driveway", status: .failed("segment0.ts failed: HTTP 500 after 4 attempts")),
        ])
        _ = state.reduce(.montage(snapshot), now: .now)
        var screen = try #require(state.screen().montage)
        #expect(screen.stateText == "❚❚ Paused")
        #expect(screen.tiles[1].isError && !screen.tiles[1].showsVideo && screen.tiles[1].detail.contains("HTTP 500"))
        #expect(screen.tiles[0].showsVideo && screen.tiles[0].isFocused)
        #expect(screen.tiles[0].title.hasPrefix("Front Door · "))
        #expect(screen.segments.contains("♪ Front Door"))
        #expect(screen.syncLines.contains { $0.contains("Front Door") && $0.contains("+20 ms") })
        #expect(screen.syncLines.contains { $0.contains("Driveway") && $0.contains("–") })
        // A camera without footage says until when.
        let waiting = MontageSnapshot(wallTime: start, speed: 1, isPaused: false, isHolding: true, isMuted: false, tiles: [
            .init(camera: "Front Door", eventID: "evt-0", eventStart: start, status: .loading(notice: nil), isFocused: true),
            .init(camera: "Driveway", status: .noRecording(next: next)),
        ])
        _ = state.reduce(.montage(waiting), now: .now)
        screen = try #require(state.screen().montage)
        #expect(screen.tiles[1].detail.hasPrefix("no recording · next "))
        #expect(screen.stateText == "… waiting for tiles")
    }

    @Test func moreThanFourCamerasComeInPages() throws {
        var state = Self.state(cameras: ["A", "B", "C", "D", "E", "F"])
        let first = try #require(Self.started(state.reduce(.action(.startMontage), now: .now)))
        #expect(first.cameras == ["A", "B", "C", "D"])
        #expect(state.screen().montage?.segments.contains("cameras 1–4 of 6") == true)
        let second = try #require(Self.started(state.reduce(.action(.montagePage(1)), now: .now)))
        #expect(second.cameras == ["E", "F"])
        #expect(state.reduce(.action(.montagePage(1)), now: .now).isEmpty)
        #expect(state.screen().message?.text == "Last cameras")
    }

    /// Six cameras, an event that three of them saw: the first page holds those three (the
    /// selected event's camera first), not the first four by name.
    @Test func theFirstPageShowsTheCamerasThatHaveTheMoment() throws {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User", isTerminalVideo: true)
        _ = state.start()
        let moment = Fixtures.base
        func event(_ id: String, _ camera: String, from: Double, to: Double) -> Event {
            Event(id: id, cameraName: camera, title: id, startTime: moment.addingTimeInterval(from), endTime: moment.addingTimeInterval(to),
                  bucket: "30-days", videoUrl: URL(string: "http://127.0.0.1:1/media/30-days/\(id)/index.m3u8")!)
        }
        let events = [event("f", "Front", from: 0, to: 30), event("c", "Carport", from: -5, to: 20), event("y", "Yard", from: -10, to: 10),
                      event("a", "Attic", from: -3600, to: -3590), event("b", "Barn", from: -7000, to: -6990),
                      event("d", "Door", from: -600, to: -590)]
        _ = state.reduce(.pageLoaded(EventsPage(events: events, nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        _ = state.reduce(.action(.select(index: 0)), now: .now)
        #expect(state.selectedEvent?.id == "f")
        let start = try #require(Self.started(state.reduce(.action(.startMontage), now: .now)))
        #expect(start.cameras == ["Front", "Carport", "Yard", "Door"], "the opener, then the cameras with the moment, then the nearest")
        let second = try #require(Self.started(state.reduce(.action(.montagePage(1)), now: .now)))
        #expect(second.cameras == ["Attic", "Barn"])
    }

    /// The ranking itself: cameras recording all the time come after those with an event at the
    /// moment and before those with an event near it; each group keeps the server's order.
    @Test func camerasAreRankedByWhetherTheyHaveTheMoment() {
        let moment = Fixtures.base
        func event(_ camera: String, _ from: Double, _ to: Double) -> Event {
            Event(id: camera, cameraName: camera, title: nil, startTime: moment.addingTimeInterval(from), endTime: moment.addingTimeInterval(to),
                  bucket: "b", videoUrl: URL(string: "http://127.0.0.1:1/x.m3u8")!)
        }
        let order = MontageModel.ordered(["A", "B", "C", "D", "E", "F"], opener: "E", events: [event("D", -1, 1), event("B", 100, 110)],
                                         recording: ["F", "A"], moment: moment, now: moment.addingTimeInterval(60))
        #expect(order == ["E", "D", "A", "F", "B", "C"])
    }

    @Test func aMontageThatCannotStartSaysWhy() {
        var state = Self.state()
        _ = state.reduce(.action(.startMontage), now: .now)
        #expect(state.reduce(.montageFailed("the montage needs the playback proxy (--network proxy)"), now: .now) == [.stopMontage])
        #expect(state.screen().montage == nil)
        #expect(state.screen().error == "Montage: the montage needs the playback proxy (--network proxy)")
    }

    @Test func thePlayingEventPausesAndTheMontageOpensAtItsMoment() throws {
        var state = Fixtures.playingState()
        let effects = state.reduce(.action(.startMontage), now: .now)
        #expect(effects.first == .player(.togglePause))
        let start = try #require(Self.started(effects))
        #expect(start.moment == Fixtures.event(0).startTime.addingTimeInterval(2))
    }

    /// The montage's own reducer, without the rest of the program: its page, one tile alone and
    /// its speed change here; a page change asks for new tiles at the clock's moment, Esc on the
    /// grid asks to close, and help or quit are not its keys.
    @Test func theMontagesOwnReducer() {
        let moment = Fixtures.event(0).startTime
        var model = MontageModel(cameras: ["A", "B", "C", "D", "E"], origin: .list, moment: moment, events: [], now: moment)
        guard case .message("First cameras") = model.reduce(.montagePage(-1)) else { Issue.record("no first-page note"); return }
        guard case .newPage(let at, let paused) = model.reduce(.montagePage(1)) else { Issue.record("no new page"); return }
        #expect(at == moment && !paused)
        #expect(model.page == 1 && model.pageCameras == ["E"])
        guard case .commands(let none) = model.reduce(.play), none.isEmpty else { Issue.record("Enter"); return }
        #expect(!model.isSolo, "one camera on the page: nothing to show alone")
        _ = model.reduce(.montagePage(-1))
        _ = model.reduce(.play)
        #expect(model.isSolo)
        guard case .commands = model.reduce(.back) else { Issue.record("Esc leaves the tile first"); return }
        #expect(!model.isSolo)
        guard case .close = model.reduce(.back) else { Issue.record("Esc on the grid closes"); return }
        guard case .commands(let faster) = model.reduce(.multiplySpeed(by: 2)) else { Issue.record("speed"); return }
        #expect(faster == [.setSpeed(2)] && model.speed == PlaybackSpeed(2))
        guard case .notMine = model.reduce(.toggleHelp), case .notMine = model.reduce(.quit) else { Issue.record("help and quit"); return }
    }
}
