import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// `o` and `z`: the list filtered by a label (Frigate's objects) or a zone the server offers. The
/// key asks the server (an effect), the picker opens on its answer with "All labels" first and the
/// value in force marked, Enter reloads the list with it, and the header shows it escaped; a server
/// with none says so on the message line.
@Suite("AppState: label and zone pickers")
struct LabelZoneFilterReducerTests {
    static let values = FilterValues(labels: ["bicycle", "car", "person"], zones: ["porch", "street"])

    static func filter(_ effects: [AppEffect]) -> EventFilter? {
        effects.compactMap { if case .fetchPage(nil, _, let filter) = $0 { filter } else { nil } }.first
    }

    @Test func oAsksTheServerThenPicksALabelAndReloads() throws {
        var state = Fixtures.listState()
        #expect(state.reduce(.action(.pickLabel), now: .now) == [.fetchFilterValues(cameras: nil)])
        #expect(state.screen().picker == nil, "no picker before the server answered")
        #expect(state.screen().message?.text == "Asking the server for its labels…")
        #expect(state.reduce(.filterValuesLoaded(Self.values), now: .now).isEmpty)
        let picker = try #require(state.screen().picker)
        #expect(picker.title == "Label, face or plate")
        #expect(picker.items == ["All labels", "bicycle", "car", "person"])
        #expect(picker.selectedIndex == 0 && picker.currentIndex == 0)
        #expect(state.screen().message == nil, "the asking line is gone once the picker is open")
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        let filter = try #require(Self.filter(state.reduce(.action(.submit), now: .now)))
        #expect(filter == EventFilter(labels: ["car"]))
        #expect(state.screen().picker == nil)
        #expect(state.screen().header.filtersText == "label: car")
        // Reopened: on the label in force; the same row again fetches nothing; All labels clears it.
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        #expect(state.screen().picker?.selectedIndex == 2 && state.screen().picker?.currentIndex == 2)
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        _ = state.reduce(.action(.select(index: 0)), now: .now)
        #expect(Self.filter(state.reduce(.action(.submit), now: .now)) == EventFilter())
        #expect(state.screen().header.filtersText == "")
    }

    @Test func zPicksAZoneBesideTheCameraAndLabel() throws {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.pickCamera), now: .now)
        _ = state.reduce(.action(.select(index: 2)), now: .now)   // Front Door
        _ = state.reduce(.action(.submit), now: .now)
        // The values asked for are those of the cameras shown.
        #expect(state.reduce(.action(.pickZone), now: .now) == [.fetchFilterValues(cameras: ["Front Door"])])
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        #expect(state.screen().picker?.title == "Zone")
        #expect(state.screen().picker?.items == ["All zones", "porch", "street"])
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        _ = state.reduce(.action(.submit), now: .now)
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        let filter = try #require(Self.filter(state.reduce(.action(.submit), now: .now)))
        #expect(filter == EventFilter(camera: "Front Door", labels: ["person"], zones: ["porch"]))
        #expect(state.screen().header.filtersText == "camera: Front Door · label: person · zone: porch")
        _ = state.reduce(.pageLoaded(EventsPage(events: [], nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().list.emptyText == "No events match the filters (t, c, o and z change them).")
    }

    @Test func theValueInForceStaysPickableWhenTheServerNoLongerListsIt() {
        var state = Fixtures.listState()
        state.filters.zone = "gate"
        _ = state.reduce(.action(.pickZone), now: .now)
        _ = state.reduce(.filterValuesLoaded(FilterValues(labels: ["person"], zones: [])), now: .now)
        #expect(state.screen().picker?.items == ["All zones", "gate"])
        #expect(state.screen().picker?.selectedIndex == 1 && state.screen().picker?.currentIndex == 1)
    }

    @Test func aServerWithoutLabelsOrZonesSaysSoInsteadOfAnEmptyPicker() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.pickLabel), now: .now)
        #expect(state.reduce(.filterValuesLoaded(.none), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        #expect(state.screen().message?.text == "This server has no labels to filter by (Frigate's objects: person, car…)")
        _ = state.reduce(.action(.pickZone), now: .now)
        _ = state.reduce(.filterValuesLoaded(FilterValues(labels: ["person"])), now: .now)
        #expect(state.screen().picker == nil)
        #expect(state.screen().message?.text == "This server has no zones to filter by (Frigate's zones of its cameras)")
        // One camera shown: its zones are what was asked for.
        state.filters.cameras = .camera("garage")
        _ = state.reduce(.action(.pickZone), now: .now)
        _ = state.reduce(.filterValuesLoaded(.none), now: .now)
        #expect(state.screen().message?.text == "No zones on the cameras shown (c shows every camera)")
    }

    @Test func aFailureIsSaidAndALateAnswerOpensNothing() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.filterValuesFailed("the server refused (HTTP 500)"), now: .now)
        #expect(state.screen().message?.text == "Cannot list the server's labels: the server refused (HTTP 500)")
        #expect(state.reduce(.filterValuesLoaded(Self.values), now: .now).isEmpty)
        #expect(state.screen().picker == nil, "nothing was waiting for values any more")
        // The camera picker opened meanwhile: the answer does not cover it.
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.action(.pickCamera), now: .now)
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        #expect(state.screen().picker?.items.first == "All cameras")
        #expect(state.valuePicker == nil)
    }

    @Test func serverTextIsShownEscapedButSentAsSpelled() throws {
        var state = Fixtures.listState()
        let hostile = "car\u{1B}]0;pwned\u{07}"
        _ = state.reduce(.action(.pickLabel), now: .now)
        _ = state.reduce(.filterValuesLoaded(FilterValues(labels: [hostile])), now: .now)
        let items = try #require(state.screen().picker?.items)
        #expect(items == ["All labels", "car\\u{1B}]0;pwned\\u{7}"])
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        #expect(Self.filter(state.reduce(.action(.submit), now: .now))?.labels == [hostile])
        let header = state.screen().header.filtersText
        #expect(header == "label: car\\u{1B}]0;pwned\\u{7}")
        #expect(!header.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "no control character")
    }

    @Test func escClosesThePickerWithoutAFetch() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.pickZone), now: .now)
        _ = state.reduce(.filterValuesLoaded(Self.values), now: .now)
        #expect(state.reduce(.action(.back), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        #expect(state.filters.zone == nil)
    }
}
