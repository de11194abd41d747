import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// The list's filters on an NVR (Frigate): `s` cycles the severity the server is asked for, and the
/// `c` picker offers the server's cameras in its order, then its camera groups, whose cameras become
/// the timeline's lanes.
@Suite("AppState: severity and camera groups (an NVR)")
struct NVRFilterReducerTests {
    static let cameras = [Camera(id: "garage", name: "garage"), Camera(id: "front_door", name: "Front Door"),
                          Camera(id: "driveway", name: "driveway")]
    static let groups = [CameraGroup(name: "outside", cameras: ["front_door", "driveway"])]

    static func frigateState() -> AppState {
        var state = AppState(server: "http://nvr:5000", isDemo: false, user: "admin", severities: ["alert", "detection"])
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: state.fetchGeneration), now: .now)
        _ = state.reduce(.camerasLoaded(cameras, groups: groups), now: .now)
        return state
    }

    static func filter(_ effects: [AppEffect]) -> EventFilter? {
        effects.compactMap { if case .fetchPage(nil, _, let filter) = $0 { filter } else { nil } }.first
    }

    @Test func sCyclesAlertsDetectionsAndAll() throws {
        var state = Self.frigateState()
        #expect(Self.filter(state.reduce(.action(.cycleSeverity), now: .now))?.severity == "alert")
        #expect(state.message?.text == "Showing alerts only")
        #expect(state.screen().header.filtersText == "alerts only")
        #expect(Self.filter(state.reduce(.action(.cycleSeverity), now: .now))?.severity == "detection")
        let all = try #require(Self.filter(state.reduce(.action(.cycleSeverity), now: .now)))
        #expect(all.severity == nil)
        #expect(state.message?.text == "Showing every severity")
    }

    @Test func sOnAServerWithoutSeveritiesSaysSo() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.cycleSeverity), now: .now).isEmpty)
        #expect(state.message?.text == "This server has no severities (Frigate's alerts and detections)")
    }

    @Test func thePickerOffersTheServersCamerasInOrderThenItsGroups() throws {
        var state = Self.frigateState()
        _ = state.reduce(.action(.pickCamera), now: .now)
        let picker = try #require(state.screen().picker)
        // Fixtures' pages name Front Door and Driveway; the server orders garage, Front Door, driveway.
        #expect(Array(picker.items.prefix(4)) == ["All cameras", "garage", "Front Door", "driveway"])
        #expect(picker.items.last == "▸ outside (Front Door, driveway)")
        let groupRow = picker.items.count - 1
        _ = state.reduce(.action(.select(index: groupRow)), now: .now)
        let filter = try #require(Self.filter(state.reduce(.action(.submit), now: .now)))
        #expect(filter.cameras == ["Front Door", "driveway"])
        #expect(filter.camera == nil)
        _ = state.reduce(.action(.toggleTimeline), now: .now)
        #expect(state.timelineCameras == ["Front Door", "driveway"], "the group's cameras are the lanes (and the montage's tiles)")
        // The picker opens on the group in force; All cameras clears it.
        _ = state.reduce(.action(.toggleTimeline), now: .now)
        _ = state.reduce(.action(.pickCamera), now: .now)
        #expect(state.screen().picker?.selectedIndex == groupRow)
        _ = state.reduce(.action(.select(index: 0)), now: .now)
        #expect(Self.filter(state.reduce(.action(.submit), now: .now))?.cameras == nil)
    }
}
