import AppCore
import EventsAPI
import Foundation
import Player
import Testing
import TUI
@testable import TUIState

/// `L`: which camera it asks for, what the answer does, where `L`, Esc and `q` go back to, the
/// keys a live picture has nothing for, and the status bar's rate and age.
@Suite("AppState: live view")
struct LiveReducerTests {
    static func feed(camera: String = "Front Door", id: String = "front_door") -> Event {
        var event = Event(id: "live-\(id)", cameraName: camera, title: "live", startTime: Fixtures.base, bucket: "live",
                          videoUrl: URL(string: "http://127.0.0.1:1/api/\(id)?fps=5&height=360")!)
        event.cameraID = id
        event.videoFormat = .liveFeed
        return event
    }

    /// The request `L` made (the only effect it has).
    static func request(_ effects: [AppEffect]) throws -> LiveRequest {
        guard case .fetchLive(let request) = try #require(effects.first), effects.count == 1 else {
            Issue.record("L made \(effects), not one fetchLive")
            throw CancellationError()
        }
        return request
    }

    /// Live on the selected event's camera, answered and playing.
    static func liveState(from state: AppState) throws -> AppState {
        var state = state
        let request = try Self.request(state.reduce(.action(.showLive), now: .now))
        let feed = Self.feed(camera: request.cameraName, id: request.cameraID)
        let effects = state.reduce(.liveLoaded(request, feed), now: .now)
        #expect(effects.first == .startPlayback(feed, id: request.id, startAt: 0))
        #expect(effects.dropFirst().allSatisfy { $0 == .fetchCameraHealth }, "and the camera's health, once: \(effects)")
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.playback(.playing)), state), now: .now)
        return state
    }

    @Test func lOnTheListAsksForTheSelectedEventsCamera() throws {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        let request = try Self.request(state.reduce(.action(.showLive), now: .now))
        #expect(request.cameraID == "Driveway" && request.cameraName == "Driveway")
        #expect(request.returnsTo == .list)
        #expect(state.playback == nil, "nothing plays until the server answers")
        #expect(state.screen().message?.text == "Opening Driveway live…")
    }

    @Test func theAnswerPlaysInThePaneWithTheLiveStatus() throws {
        let now = ContinuousClock.now
        var state = try Self.liveState(from: Fixtures.listState())
        #expect(state.focus == .player)
        var player = try #require(state.screen().player)
        #expect(player.title == "Front Door · live")
        #expect(player.liveSegments == ["live", "Front Door"], "no reading yet: the camera alone")
        _ = state.reduce(.liveFrames(LiveFrames(framesPerSecond: 4.84, newest: now - .milliseconds(300), at: now)), now: now)
        player = try #require(state.screen().player)
        #expect(player.liveSegments == ["live", "Front Door", "4.8 fps", "0.3 s old"])
        #expect(!player.isLiveStalled)
        #expect(state.nextDeadline.map { $0 <= now + .seconds(1) } == true, "the age is brought up to date each second")
        _ = state.reduce(.liveFrames(LiveFrames(framesPerSecond: 0, newest: now - .seconds(12), at: now)), now: now)
        player = try #require(state.screen().player)
        #expect(player.liveSegments == ["live", "Front Door", "picture 12 s old"])
        #expect(player.isLiveStalled)
    }

    @Test func escapeGoesBackToTheListWithTheSelectionUnchanged() throws {
        var list = Fixtures.listState()
        _ = list.reduce(.action(.select(index: 4)), now: .now)
        var state = try Self.liveState(from: list)
        #expect(state.reduce(.action(.back), now: .now) == [.player(.stop)])
        #expect(state.playback == nil && state.focus == .list)
        #expect(state.list.selectedIndex == 4)
    }

    @Test func qAndLGoBackToo() throws {
        var state = try Self.liveState(from: Fixtures.listState())
        #expect(state.reduce(.action(.quitOrBack), now: .now) == [.player(.stop)], "q leaves the live view, not the program")
        state = try Self.liveState(from: Fixtures.listState())
        #expect(state.reduce(.action(.showLive), now: .now) == [.player(.stop)])
        #expect(state.focus == .list)
    }

    @Test func fromThePlayerTheEventResumesWhereItWas() throws {
        var playing = Fixtures.playingState()   // event 0 at 2 s
        let request = try Self.request(playing.reduce(.action(.showLive), now: .now))
        #expect(request.returnsTo == .event(Fixtures.event(0), position: 2))
        var state = try Self.liveState(from: Fixtures.playingState())
        let effects = state.reduce(.action(.back), now: .now)
        #expect(effects == [.startPlayback(Fixtures.event(0), id: PlaybackID(rawValue: state.player.lastPlaybackID), startAt: 2)])
        #expect(state.playback?.live == nil && state.playback?.event.id == "evt-0")
    }

    @Test func onTheTimelineTheCursorsLaneIsShownAndEscapeGoesBackToIt() throws {
        var (state, _) = TimelineReducerTests.openTimeline()
        _ = state.reduce(.camerasLoaded([Camera(id: "front_door", name: "Front Door"), Camera(id: "driveway", name: "Driveway")],
                                        groups: []), now: .now)
        let lanes = state.timelineCameras
        _ = state.reduce(.action(.timelineLane(1)), now: .now)
        let request = try Self.request(state.reduce(.action(.showLive), now: .now))
        #expect(request.cameraName == lanes[1])
        #expect(request.cameraID == (lanes[1] == "Driveway" ? "driveway" : "front_door"), "the server's id for the lane's camera")
        #expect(request.returnsTo == .timeline)
        _ = state.reduce(.liveLoaded(request, Self.feed(camera: request.cameraName, id: request.cameraID)), now: .now)
        #expect(state.focus == .player && state.playback?.live != nil)
        #expect(state.reduce(.action(.back), now: .now) == [.player(.stop)])
        guard case .scene(.timeline) = state.mode else {
            Issue.record("Esc went to \(state.mode), not the timeline")
            return
        }
    }

    @Test func anOldAnswerIsDropped() throws {
        var state = Fixtures.listState()
        let request = try Self.request(state.reduce(.action(.showLive), now: .now))
        _ = state.reduce(.action(.play), now: .now)   // Enter before the server answered
        #expect(state.reduce(.liveLoaded(request, Self.feed()), now: .now).isEmpty)
        #expect(state.playback?.live == nil && state.playback?.event.id == "evt-0")
    }

    @Test func noLiveViewAndFailuresSaySo() throws {
        var state = Fixtures.listState()
        var request = try Self.request(state.reduce(.action(.showLive), now: .now))
        #expect(state.reduce(.liveLoaded(request, nil), now: .now).isEmpty)
        #expect(state.status.error == "No live view of Front Door now: the server offers none for it")
        request = try Self.request(state.reduce(.action(.showLive), now: .now))
        _ = state.reduce(.liveFailed(request, message: "Camera not found"), now: .now)
        #expect(state.status.error == "Cannot show Front Door live: Camera not found")
        #expect(state.playback == nil)
    }

    @Test func keysThatNeedARecordingSayALivePictureHasNone() throws {
        var state = try Self.liveState(from: Fixtures.listState())
        for action: UserAction in [.seekBy(5), .seekToStart, .multiplySpeed(by: 2), .frameStep(forward: true), .stop, .export] {
            #expect(state.reduce(.action(action), now: .now).isEmpty, "\(action)")
        }
        #expect(state.screen().message?.text.hasPrefix("A live picture has no recording") == true)
        #expect(state.reduce(.action(.togglePause), now: .now) == [.player(.togglePause)], "pause freezes the picture")
    }

    @Test func aFeedThatEndsMarksNothingReviewed() throws {
        var state = try Self.liveState(from: Fixtures.listState())
        let effects = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(effects.isEmpty, "the feed is not an event of the list: \(effects)")
        #expect(state.screen().player?.liveSegments.first == "live")
    }

    @Test func serverTextInTheCameraNameIsEscaped() throws {
        var state = Fixtures.listState()
        let request = try Self.request(state.reduce(.action(.showLive), now: .now))
        let hostile = LiveRequest(cameraID: "porch", cameraName: "Porch\u{1B}[2J", id: request.id, returnsTo: .list)
        _ = state.reduce(.liveLoaded(hostile, Self.feed(camera: hostile.cameraName, id: "porch")), now: .now)
        let player = try #require(state.screen().player)
        #expect(player.title.hasPrefix("Porch"))
        #expect(!player.title.contains("\u{1B}") && !player.liveSegments.joined().contains("\u{1B}"))
    }
}

@Suite struct LiveFrameMeterTests {
    @Test func ratesAndAgesComeFromTheFramesDrawn() throws {
        let start = ContinuousClock.now
        var meter = LiveFrameMeter()
        meter.observe(drawn: 7, now: start)   // the count before the feed: not its frames
        let firstReading = meter.reading(now: start)
        let first = try #require(firstReading)
        #expect(first.newest == nil && first.framesPerSecond == 0)
        let tooSoon = meter.reading(now: start + .milliseconds(200))
        #expect(tooSoon == nil, "once a second")
        meter.observe(drawn: 8, now: start + .milliseconds(400))
        let atFirstPicture = meter.reading(now: start + .milliseconds(400))
        #expect(atFirstPicture?.newest == start + .milliseconds(400), "the first picture at once")
        for tenth in 5...30 { meter.observe(drawn: 8 + (tenth - 4) / 2, now: start + .milliseconds(tenth * 100)) }
        let measured = meter.reading(now: start + .seconds(3))
        let reading = try #require(measured)
        #expect(reading.framesPerSecond > 4 && reading.framesPerSecond < 6, "\(reading.framesPerSecond)")
        meter.observe(drawn: 21, now: start + .seconds(10))
        let later = meter.reading(now: start + .seconds(10))
        let stalled = try #require(later)
        #expect(stalled.newest == start + .seconds(3), "no picture since")
        #expect(stalled.framesPerSecond == 0)
    }
}

/// `M` in the live view: every camera live, Esc back to the live camera, Enter its latest event.
@Suite("AppState: live montage")
struct LiveMontageReducerTests {
    @Test func mInTheLiveViewAsksForEveryCameraLiveTheShownOneFirst() throws {
        var list = Fixtures.listState()
        _ = list.reduce(.action(.select(index: 1)), now: .now)   // Driveway
        var state = try LiveReducerTests.liveState(from: list)
        let effects = state.reduce(.action(.startMontage), now: .now)
        #expect(effects == [.player(.stop), .fetchLiveMontage([Camera(id: "Driveway", name: "Driveway"),
                                                               Camera(id: "Front Door", name: "Front Door")])])
        #expect(state.playback == nil, "the live view's feed stops: its camera is a tile")
        let feeds = [LiveReducerTests.feed(camera: "Driveway", id: "Driveway")]
        let started = state.reduce(.liveMontageFeeds(feeds, failures: ["Front Door": "Camera not found"]), now: .now)
        #expect(started == [.startLiveMontage(cameras: ["Driveway", "Front Door"], feeds: feeds)])
        #expect(state.screen().message?.text == "No live view of Front Door: Camera not found")
        let screen = try #require(state.screen().montage)
        #expect(screen.tiles.map(\.title) == ["Driveway · live", "Front Door · live"])
        #expect(screen.fraction == nil, "no slider: there is no recorded time")
    }

    @Test func escapeOpensTheCameraLiveAgain() throws {
        var list = Fixtures.listState()
        _ = list.reduce(.action(.select(index: 1)), now: .now)
        var state = try LiveReducerTests.liveState(from: list)
        _ = state.reduce(.action(.startMontage), now: .now)
        let effects = state.reduce(.action(.back), now: .now)
        guard effects.count == 2, effects[0] == .stopMontage, case .fetchLive(let request) = effects[1] else {
            Issue.record("Esc made \(effects)")
            return
        }
        #expect(request.cameraName == "Driveway" && request.id.rawValue == state.player.lastPlaybackID)
        #expect(state.montage == nil)
    }

    @Test func enterPlaysTheHeardCamerasLatestEventAndSeeksSayThereIsNone() throws {
        var state = try LiveReducerTests.liveState(from: Fixtures.listState())   // Front Door
        _ = state.reduce(.action(.startMontage), now: .now)
        #expect(state.reduce(.action(.seekBy(5)), now: .now).isEmpty)
        #expect(state.screen().message?.text.hasPrefix("Live pictures have no recording") == true)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects.first == .stopMontage)
        #expect(effects.dropFirst().first == .startPlayback(Fixtures.event(0), id: PlaybackID(rawValue: state.player.lastPlaybackID), startAt: 0),
                "Front Door's newest loaded event: \(effects)")
        #expect(state.montage == nil && state.focus == .player)
    }
}

/// The server's word on a camera shown live (its health): an offline camera says so on the
/// status bar and on its live tile, and health is asked while either is shown.
@Suite("AppState: live and camera health")
struct LiveHealthReducerTests {
    @Test func anOfflineCameraSaysSoInTheLiveViewAndOnItsTile() throws {
        var state = try LiveReducerTests.liveState(from: Fixtures.listState())   // Front Door
        #expect(state.isHealthShown, "the live view keeps the health board fresh")
        _ = state.reduce(.cameraHealthLoaded([CameraHealth(camera: "Front Door", isOnline: true, captureFPS: 5)]), now: .now)
        var player = try #require(state.screen().player)
        #expect(!player.liveSegments.contains { $0.hasPrefix("camera ") } && !player.isLiveStalled, "online: nothing to say")
        _ = state.reduce(.cameraHealthLoaded([CameraHealth(camera: "Front Door", isOnline: false)]), now: .now)
        player = try #require(state.screen().player)
        #expect(player.liveSegments.last == "camera offline")
        #expect(player.isLiveStalled, "shown as an error")
        _ = state.reduce(.action(.startMontage), now: .now)
        #expect(state.isHealthShown, "the live montage too")
        let screen = try #require(state.screen().montage)
        #expect(screen.tiles.first?.title == "Front Door · offline · live")
    }
}
