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
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: state.list.fetchGeneration), now: .now)
        _ = state.reduce(.camerasLoaded(cameras, groups: groups), now: .now)
        return state
    }

    static func filter(_ effects: [AppEffect]) -> EventFilter? {
        effects.compactMap { if case .fetchPage(nil, _, let filter) = $0 { filter } else { nil } }.first
    }

    @Test func sCyclesAlertsDetectionsAndAll() throws {
        var state = Self.frigateState()
        #expect(Self.filter(state.reduce(.action(.cycleSeverity), now: .now))?.severity == "alert")
        #expect(state.status.message?.text == "Showing alerts only")
        #expect(state.screen().header.filtersText == "alerts only")
        #expect(Self.filter(state.reduce(.action(.cycleSeverity), now: .now))?.severity == "detection")
        let all = try #require(Self.filter(state.reduce(.action(.cycleSeverity), now: .now)))
        #expect(all.severity == nil)
        #expect(state.status.message?.text == "Showing every severity")
    }

    @Test func sOnAServerWithoutSeveritiesSaysSo() {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.cycleSeverity), now: .now).isEmpty)
        #expect(state.status.message?.text == "This server has no severities (Frigate's alerts and detections)")
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

    /// The config file's `[camera-sets]` come first among the sets (before the server's groups; a
    /// server group of the same name is the set's), and the one chosen is what the montage shows,
    /// the camera of the selected event first.
    @Test func theConfigsCameraSetsAreOfferedAndTheMontageShowsTheChosenOne() throws {
        let sets = [CameraGroup(name: "outside", cameras: ["driveway", "garage"]), CameraGroup(name: "front", cameras: ["Front Door"])]
        var state = AppState(server: "http://nvr:5000", isDemo: false, user: "admin", isTerminalVideo: true, cameraSets: sets)
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: state.list.fetchGeneration), now: .now)
        _ = state.reduce(.camerasLoaded(Self.cameras, groups: Self.groups), now: .now)
        _ = state.reduce(.action(.pickCamera), now: .now)
        let picker = try #require(state.screen().picker)
        #expect(Array(picker.items.suffix(2)) == ["▸ outside (driveway, garage)", "▸ front (Front Door)"],
                "the config's sets; the server's own `outside` is the set's: \(picker.items)")
        _ = state.reduce(.action(.select(index: picker.items.count - 2)), now: .now)
        let filter = try #require(Self.filter(state.reduce(.action(.submit), now: .now)))
        #expect(filter.cameras == ["driveway", "garage"])
        #expect(state.screen().header.filtersText == "group: outside")
        // The server answers with the set's events; the montage shows the set's cameras, the
        // selected event's first.
        let page = EventsPage(events: [Fixtures.event(0, camera: "garage"), Fixtures.event(1, camera: "driveway")], nextCursor: nil)
        _ = state.reduce(.pageLoaded(page, generation: state.list.fetchGeneration), now: .now)
        let effects = state.reduce(.action(.startMontage), now: .now)
        let cameras = try #require(effects.compactMap { if case .startMontage(let cameras, _, _, _, _) = $0 { cameras } else { nil } }.first)
        #expect(cameras == ["garage", "driveway"])
    }
}
