import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// `t` (jump to a date) and `c` (camera): the prompt, the picker, and the fetch they lead to.
@Suite("AppState: server-side filters")
struct FilterReducerTests {
    static func type(_ text: String, into state: inout AppState) {
        for character in text { _ = state.reduce(.action(.insertText(String(character))), now: .now) }
    }

    @Test func dateReloadsTheListWithUntil() throws {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.jumpToDate), now: .now)
        #expect(state.screen().prompt?.label == "Jump to: ")
        Self.type("2026-11-20 14:00", into: &state)
        #expect(state.screen().prompt?.text == "2026-11-20 14:00")
        let generation = state.list.fetchGeneration
        let effects = state.reduce(.action(.submit), now: .now)
        let until = try DateQuery("2026-11-20 14:00").resolve(now: Date())
        #expect(effects == [.fetchPage(cursor: nil, generation: generation + 1, filter: EventFilter(until: until))])
        #expect(state.screen().prompt == nil)
        #expect(state.list.events.isEmpty && state.list.isLoading, "the list starts again from the first page")
        // The next page keeps the filter.
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<30, next: "c2"), generation: state.list.fetchGeneration), now: .now)
        #expect(state.reduce(.action(.select(index: 25)), now: .now)
            == [.fetchPage(cursor: "c2", generation: generation + 1, filter: EventFilter(until: until))])
    }

    @Test func aBadDateKeepsThePromptAndItsText() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.jumpToDate), now: .now)
        Self.type("next friday", into: &state)
        let generation = state.list.fetchGeneration
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        let prompt = state.screen().prompt
        #expect(prompt?.text == "next friday")
        #expect(prompt?.errorText == "Cannot read \"next friday\" as a date: use 2026-11-20 14:00, yesterday 18:00, 14:00, or -2h.")
        #expect(state.list.fetchGeneration == generation)
        // Fixing the text clears the error; Backspace edits in place.
        for _ in 0..<"next friday".count { _ = state.reduce(.action(.deleteBackward), now: .now) }
        #expect(state.screen().prompt?.errorText == nil)
        Self.type("-2h", into: &state)
        let effects = state.reduce(.action(.submit), now: .now)
        guard case .fetchPage(nil, _, let filter) = effects.first else { Issue.record("no fetch: \(effects)"); return }
        #expect(filter.until.map { abs($0.timeIntervalSinceNow + 7200) < 60 } == true, "two hours ago: \(String(describing: filter.until))")
    }

    @Test func escCancelsAndEmptyClears() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.jumpToDate), now: .now)
        Self.type("yesterday 18:00", into: &state)
        _ = state.reduce(.action(.submit), now: .now)
        #expect(state.screen().header.filtersText.hasPrefix("until "))
        // t again offers what was typed; Esc leaves the filter as it was.
        _ = state.reduce(.action(.jumpToDate), now: .now)
        #expect(state.screen().prompt?.text == "yesterday 18:00")
        #expect(state.reduce(.action(.cancel), now: .now).isEmpty)
        #expect(state.screen().prompt == nil)
        #expect(state.filters.until != nil)
        // Empty input clears the time and reloads.
        _ = state.reduce(.action(.jumpToDate), now: .now)
        _ = state.reduce(.action(.clearField), now: .now)
        let effects = state.reduce(.action(.submit), now: .now)
        #expect(effects == [.fetchPage(cursor: nil, generation: state.list.fetchGeneration, filter: EventFilter())])
        #expect(state.screen().header.filtersText == "")
    }

    @Test func cameraPickerListsKnownCamerasAndReloads() {
        var state = Fixtures.listState()   // Front Door and Driveway
        _ = state.reduce(.action(.pickCamera), now: .now)
        let picker = state.screen().picker
        #expect(picker?.items == ["All cameras", "Driveway", "Front Door"])
        #expect(picker?.selectedIndex == 0 && picker?.currentIndex == 0)
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        let effects = state.reduce(.action(.submit), now: .now)
        #expect(effects == [.fetchPage(cursor: nil, generation: state.list.fetchGeneration, filter: EventFilter(camera: "Front Door"))])
        #expect(state.screen().picker == nil)
        #expect(state.screen().header.filtersText == "camera: Front Door")
        // Only Front Door loads now; the picker still offers Driveway, and opens on the camera in force.
        _ = state.reduce(.pageLoaded(EventsPage(events: [Fixtures.event(0)], nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        _ = state.reduce(.action(.pickCamera), now: .now)
        #expect(state.screen().picker?.items == ["All cameras", "Driveway", "Front Door"])
        #expect(state.screen().picker?.selectedIndex == 2 && state.screen().picker?.currentIndex == 2)
        // Esc closes without a fetch; "All cameras" clears the camera.
        #expect(state.reduce(.action(.back), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        _ = state.reduce(.action(.pickCamera), now: .now)
        _ = state.reduce(.action(.select(index: 0)), now: .now)
        #expect(state.reduce(.action(.submit), now: .now)
            == [.fetchPage(cursor: nil, generation: state.list.fetchGeneration, filter: EventFilter())])
    }

    @Test func cameraAndDateCombineInTheHeader() {
        var state = Fixtures.listState()
        _ = state.reduce(.action(.pickCamera), now: .now)
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        _ = state.reduce(.action(.submit), now: .now)
        _ = state.reduce(.action(.jumpToDate), now: .now)
        Self.type("yesterday 18:00", into: &state)
        let effects = state.reduce(.action(.submit), now: .now)
        guard case .fetchPage(_, _, let filter) = effects.first else { Issue.record("no fetch"); return }
        #expect(filter.camera == "Driveway" && filter.until != nil)
        #expect(state.screen().header.filtersText == "camera: Driveway · until Yesterday 18:00")
        _ = state.reduce(.pageLoaded(EventsPage(events: [], nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().list.emptyText == "No events match the filters (t and c change them).")
    }

    @Test func pickerWithoutEventsSaysWhy() {
        var state = Fixtures.listState(count: 0, next: nil)
        #expect(state.reduce(.action(.pickCamera), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        #expect(state.screen().message?.text == "No cameras known yet: no events loaded")
    }

    /// The pickers' one reducer (``Picking``) and the prompt's, without the rest of the program.
    @Test func thePickersAndThePromptReduceTheirOwnKeys() throws {
        var picker = CameraPicker(cameras: ["Driveway", "Front Door"], current: .all)
        #expect(picker.reduce(.select(index: 9)) == .stays)
        #expect(picker.selectedIndex == 2, "clamped to the last row")
        #expect(picker.reduce(.insertText("x")) == .stays)
        #expect(picker.reduce(.submit) == .chose(.camera("Front Door")))
        #expect(picker.reduce(.quitOrBack) == .closed)
        var labels = ValuePicker(.label, values: [.label("car"), .label("person"), .face("Alice")], current: nil)
        #expect(labels.reduce(.select(index: 1)) == .stays)
        #expect(labels.reduce(.submit) == .chose(.label("car")))
        #expect(labels.reduce(.select(index: 3)) == .stays)
        #expect(labels.reduce(.submit) == .chose(.face("Alice")))

        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var prompt = DatePrompt(text: "")
        #expect(prompt.reduce(.submit, now: now, calendar: .current) == .cleared)
        for character in "soon" { _ = prompt.reduce(.insertText(String(character)), now: now, calendar: .current) }
        #expect(prompt.reduce(.submit, now: now, calendar: .current) == .stays)
        #expect(prompt.errorText != nil && prompt.text == "soon", "a refused date keeps the text, with the reason")
        _ = prompt.reduce(.clearField, now: now, calendar: .current)
        #expect(prompt.errorText == nil, "typing takes the reason away")
        for character in "-2h" { _ = prompt.reduce(.insertText(String(character)), now: now, calendar: .current) }
        #expect(prompt.reduce(.submit, now: now, calendar: .current) == .chose(now.addingTimeInterval(-7200), text: "-2h"))
        #expect(prompt.reduce(.back, now: now, calendar: .current) == .closed)
    }
}
