import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// The timeline over an NVR's recordings: lanes in the server's camera order, coverage asked for
/// per window for the recording cameras only, spans joined, Enter on a recorded moment without an
/// event asks for the recording and plays it from the cursor.
@Suite("AppState: timeline coverage (an NVR's recordings)")
struct TimelineCoverageReducerTests {
    static let cameras = [Camera(id: "zz_yard", name: "Yard"), Camera(id: "front", name: "Front Door"),
                          Camera(id: "gate", name: "Gate", isRecording: false)]

    static func open() -> (AppState, [AppEffect]) {
        var state = Fixtures.listState()
        _ = state.reduce(.camerasLoaded(cameras, groups: [CameraGroup(name: "outside", cameras: ["zz_yard", "front"])]), now: .now)
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        return (state, effects)
    }

    @Test func lanesFollowTheServersOrderThenTheOtherCamerasByName() {
        let (state, _) = Self.open()
        // Fixtures' events name Front Door and Driveway; the server names Yard, Front Door, Gate.
        #expect(state.timelineCameras == ["Yard", "Front Door", "Gate", "Driveway"])
    }

    @Test func coverageIsAskedPerWindowForRecordingCamerasOnly() throws {
        let (_, effects) = Self.open()
        let windows = effects.compactMap { if case .fetchTimelineWindow(let window, _) = $0 { window } else { nil } }
        let coverage = effects.compactMap { effect -> (Range<Date>, [Camera])? in
            if case .fetchCoverage(let window, let cameras, _) = effect { (window, cameras) } else { nil }
        }
        #expect(coverage.map(\.0) == windows.dropLast(), "one coverage fetch per window (not for the reach-back, the last)")
        #expect(coverage.allSatisfy { $0.1.map(\.id) == ["zz_yard", "front"] }, "not the camera that does not record")
        #expect(!windows.isEmpty)
    }

    @Test func withoutServerCamerasNothingIsAskedForCoverage() {
        var state = Fixtures.listState()
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        #expect(!effects.contains { if case .fetchCoverage = $0 { true } else { false } })
    }

    @Test func spansJoinAndTheViewDrawsThemWhereNoEventIs() throws {
        var (state, effects) = Self.open()
        let generation = try #require(state.timeline?.generation)
        let window = try #require(effects.compactMap { if case .fetchTimelineWindow(let w, _) = $0 { w } else { nil } }.first)
        let cursor = try #require(state.timeline?.cursor)
        let a = cursor.addingTimeInterval(-7200)..<cursor.addingTimeInterval(-3600)
        let b = cursor.addingTimeInterval(-3600)..<cursor.addingTimeInterval(1800)
        _ = state.reduce(.timelineCoverage(camera: "Yard", spans: [b], window: window, generation: generation), now: .now)
        _ = state.reduce(.timelineCoverage(camera: "Yard", spans: [a], window: window, generation: generation), now: .now)
        #expect(state.timeline?.coverage["Yard"] == [a.lowerBound..<b.upperBound], "touching spans joined")
        _ = state.reduce(.timelineCoverage(camera: "Yard", spans: [a], window: window, generation: generation + 1), now: .now)
        #expect(state.timeline?.coverage["Yard"]?.count == 1, "another generation's answer is dropped")
        let view = try #require(state.screen().timelineView)
        #expect(view.coverage["Yard"] == [a.lowerBound..<b.upperBound])
        let layout = TimelineLayout(items: view.items.items, cameras: view.cameras, start: view.start, zoom: view.zoom,
                                    columns: 96, now: cursor, calendar: .current, coverage: view.coverage)
        let yard = try #require(layout.lanes.first { $0.camera == "Yard" })
        #expect(yard.cells.contains(.recorded))
        #expect(yard.cells.filter { $0 == .recorded }.count >= 96 * 2 / 24 - 1, "about two and a half hours of a day's 96 columns")
    }

    @Test func enterOnARecordedMomentWithoutAnEventPlaysTheRecordingFromTheCursor() throws {
        var (state, effects) = Self.open()
        let generation = try #require(state.timeline?.generation)
        let window = try #require(effects.compactMap { if case .fetchTimelineWindow(let w, _) = $0 { w } else { nil } }.first)
        _ = state.reduce(.action(.timelineLane(-10)), now: .now)   // the first lane: Yard, no events
        let cursor = try #require(state.timeline?.cursor)
        #expect(state.reduce(.action(.play), now: .now).isEmpty, "no event and no recording: nothing to play")
        let span = cursor.addingTimeInterval(-60)..<cursor.addingTimeInterval(7200)
        _ = state.reduce(.timelineCoverage(camera: "Yard", spans: [span], window: window, generation: generation), now: .now)
        #expect(state.screen().timelineView?.statusSegments.contains("Yard · recorded · Enter plays the recording") == true)
        let asked = state.reduce(.action(.play), now: .now)
        guard case .fetchRecording(let camera, let range, let startAt)? = asked.first else {
            Issue.record("expected a recording fetch, got \(asked)")
            return
        }
        #expect(camera.id == "zz_yard")
        #expect(range == span.lowerBound..<cursor.addingTimeInterval(TimelineState.recordingAfter), "from the span's start (within 5 min) to an hour on")
        #expect(startAt == 60)
        let recording = Event(id: "rec", cameraName: "Yard", startTime: range.lowerBound, endTime: range.upperBound,
                              bucket: "recording", videoUrl: URL(string: "http://nvr/vod/zz_yard/start/1/end/2/index.m3u8")!)
        let played = state.reduce(.recordingLoaded(recording, startAt: startAt), now: .now)
        guard case .startPlayback(let event, _, let from)? = played.first else {
            Issue.record("expected the recording to play, got \(played)")
            return
        }
        #expect(event.id == "rec" && from == 60)
        #expect(state.screen().timelineView == nil, "the player took the screen; Esc comes back")
    }
}
