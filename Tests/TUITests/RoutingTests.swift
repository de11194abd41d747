import Testing
import PlaybackStates
@testable import TUI

@Suite struct RoutingTests {
    let layout = ScreenLayout(columns: 80, rows: 24)

    func route(_ key: Key, _ screen: ScreenSnapshot, state: inout ViewState) -> UserAction? {
        KeyRouting.action(for: key, screen: screen, keyMap: .defaults, layout: layout, viewState: &state)
    }

    @Test func listNavigationResolvesToSelect() {
        var state = ViewState()
        let screen = Fixtures.list   // 60 rows, selected 2, page 12
        #expect(route(.char("j"), screen, state: &state) == .select(index: 3))
        #expect(route(.special(.up), screen, state: &state) == .select(index: 1))
        #expect(route(.special(.pageDown), screen, state: &state) == .select(index: 13))
        #expect(route(.special(.pageUp), screen, state: &state) == .select(index: 0))
        #expect(route(.char("G"), screen, state: &state) == .select(index: 59))
        #expect(route(.special(.home), screen, state: &state) == .select(index: 0))
        #expect(route(.special(.enter), screen, state: &state) == .play)
        #expect(route(.char("j"), Fixtures.empty, state: &state) == nil)
    }

    @Test func playerFocusUsesPlayerKeys() {
        var state = ViewState()
        let screen = Fixtures.player(.playing)
        #expect(route(.special(.home), screen, state: &state) == .seekToStart)
        #expect(route(.special(.right), screen, state: &state) == .seekBy(5))
        #expect(route(.special(.down), screen, state: &state) == .seekBy(-60))
        #expect(route(.char("0"), screen, state: &state) == .volume(by: 5))
        #expect(route(.special(.tab), screen, state: &state) == .toggleFocus)
        #expect(route(.special(.escape), screen, state: &state) == .back)
    }

    @Test func overlayScrollsInsideTheTUI() {
        var state = ViewState()
        let screen = Fixtures.help
        #expect(route(.char("j"), screen, state: &state) == nil)
        #expect(state.overlayScroll == 1)
        #expect(route(.special(.pageDown), screen, state: &state) == nil)
        #expect(state.overlayScroll > 1)
        #expect(route(.special(.home), screen, state: &state) == nil)
        #expect(state.overlayScroll == 0)
        #expect(route(.char("?"), screen, state: &state) == .toggleHelp)
        #expect(route(.special(.escape), screen, state: &state) == .back)
        #expect(route(.special(.enter), screen, state: &state) == nil)
    }

    @Test func filterAndFormType() {
        var state = ViewState()
        var filtering = Fixtures.list
        filtering.list.isEditingFilter = true
        filtering.route = .context(.filter)
        #expect(route(.char("q"), filtering, state: &state) == .insertText("q"))
        #expect(route(.special(.enter), filtering, state: &state) == .submit)
        #expect(route(.special(.backspace), Fixtures.signInError, state: &state) == .deleteBackward)
        #expect(route(.char("d"), Fixtures.signInError, state: &state) == .insertText("d"))
    }

    /// The router maps keys in the route the model published and decides nothing else: the same
    /// screen routed otherwise answers otherwise.
    @Test func eachRouteMapsKeysInIt() {
        var state = ViewState()
        var screen = Fixtures.list   // 60 rows, selected 2
        screen.picker = PickerSnapshot(title: "Camera", items: ["All cameras", "Backyard", "Driveway"], selectedIndex: 1)
        screen.route = .picker(over: .list)
        #expect(route(.char("j"), screen, state: &state) == .select(index: 2), "the picker's items, not the list's rows")
        #expect(route(.special(.enter), screen, state: &state) == .submit)
        #expect(route(.special(.escape), screen, state: &state) == .cancel)
        #expect(route(.char("r"), screen, state: &state) == nil, "the list's keys wait under the picker")
        screen.route = .overlay(over: .list)
        #expect(route(.char("j"), screen, state: &state) == nil && state.overlayScroll == 1, "the overlay scrolls")
        #expect(route(.char("?"), screen, state: &state) == .toggleHelp)
        #expect(route(.char("r"), screen, state: &state) == nil)
        screen.route = .context(.list)
        #expect(route(.char("j"), screen, state: &state) == .select(index: 3), "the list, though a picker is in the snapshot")
        #expect(route(.char("r"), screen, state: &state) == .refresh)
        screen.route = .context(.player)
        #expect(route(.special(.right), screen, state: &state) == .seekBy(5))
        screen.route = .context(.filter)
        #expect(route(.char("r"), screen, state: &state) == .insertText("r"))
        screen.route = .context(.timeline)
        #expect(route(.char("T"), screen, state: &state) == .toggleTimeline)
    }

    @Test func tooSmallOnlyQuits() {
        var state = ViewState()
        let small = ScreenLayout(columns: 30, rows: 10)
        #expect(KeyRouting.action(for: .char("q"), screen: Fixtures.list, keyMap: .defaults, layout: small, viewState: &state) == .quitOrBack)
        #expect(KeyRouting.action(for: .char("j"), screen: Fixtures.list, keyMap: .defaults, layout: small, viewState: &state) == nil)
    }

    @Test func mouse() {
        let screen = Fixtures.player(.playing)   // focus player, duration 10
        let slider = layout.slider               // y 21
        let g = SliderGeometry(width: slider.width, duration: 10)
        #expect(MouseRouting.action(column: g.barStart, row: slider.y, button: .left, layout: layout, screen: screen, listTop: 0) == .seek(toFraction: 0))
        #expect(MouseRouting.action(column: g.barStart + g.barWidth - 1, row: slider.y, button: .left, layout: layout, screen: screen, listTop: 0) == .seek(toFraction: 1))
        #expect(MouseRouting.action(column: 2, row: slider.y, button: .left, layout: layout, screen: screen, listTop: 0) == nil)
        #expect(MouseRouting.action(column: 10, row: layout.list.y + 1 + 4, button: .left, layout: layout, screen: screen, listTop: 0) == .select(index: 4))
        #expect(MouseRouting.action(column: 10, row: layout.list.y + 1 + 4, button: .left, layout: layout, screen: screen, listTop: 10) == .select(index: 14))
        var listFocused = Fixtures.list         // selected 2
        #expect(MouseRouting.action(column: 10, row: layout.list.y + 3, button: .left, layout: layout, screen: listFocused, listTop: 0) == .play)
        #expect(MouseRouting.action(column: 10, row: layout.list.y + 5, button: .wheelDown, layout: layout, screen: listFocused, listTop: 0) == .select(index: 5))
        #expect(MouseRouting.action(column: 10, row: layout.video.y + 1, button: .left, layout: layout, screen: listFocused, listTop: 0) == .focus(.player))
        listFocused.overlay = .help
        listFocused.route = .overlay(over: .list)
        #expect(MouseRouting.action(column: 10, row: layout.list.y + 3, button: .left, layout: layout, screen: listFocused, listTop: 0) == nil)
    }

    @Test func viewport() {
        #expect(ListViewport.top(current: 0, selected: 5, count: 100, height: 10) == 0)
        #expect(ListViewport.top(current: 0, selected: 30, count: 100, height: 10) == 23)
        #expect(ListViewport.top(current: 23, selected: 22, count: 100, height: 10) == 20)
        #expect(ListViewport.top(current: 95, selected: 99, count: 100, height: 10) == 90)
        #expect(ListViewport.top(current: 7, selected: 3, count: 5, height: 10) == 0)
    }
}

@Suite struct DirtyTrackingTests {
    func panes(_ screen: ScreenSnapshot, state: inout ViewState) -> [Pane] {
        ScreenComposer.panes(screen, layout: ScreenLayout(columns: 80, rows: 24), keyMap: .defaults, state: &state)
    }

    func drawn(_ work: [DirtyTracker.Work], _ panes: [Pane]) -> Set<PaneSlot> {
        Set(zip(panes, work).filter { $0.1 == .draw }.map(\.0.slot))
    }

    @Test func onlyChangedViewsRedraw() {
        var tracker = DirtyTracker()
        var state = ViewState()
        var screen = Fixtures.player(.playing)
        let first = panes(screen, state: &state)
        #expect(drawn(tracker.plan(first), first).count == first.count)
        let same = panes(screen, state: &state)
        #expect(drawn(tracker.plan(same), same).isEmpty)
        screen.player?.position = 5                          // the 1 s tick: only the slider
        let tick = panes(screen, state: &state)
        #expect(drawn(tracker.plan(tick), tick) == [.slider])
        screen.player?.playback = .paused                        // status bar (state word and hints stay)
        let paused = panes(screen, state: &state)
        #expect(drawn(tracker.plan(paused), paused) == [.status])
        screen.list.selectedIndex = 3                        // selection: the list only
        let moved = panes(screen, state: &state)
        #expect(drawn(tracker.plan(moved), moved) == [.list])
    }

    @Test func overlayRestagesAndClosingRedrawsAll() {
        var tracker = DirtyTracker()
        var state = ViewState()
        var screen = Fixtures.player(.playing)
        screen.overlay = .help
        let open = panes(screen, state: &state)
        _ = tracker.plan(open)
        screen.player?.position = 6
        let tick = panes(screen, state: &state)
        let work = tracker.plan(tick)
        #expect(drawn(work, tick) == [.slider])
        #expect(work.last == .restage)                       // the overlay goes back on top
        screen.overlay = nil
        let closed = panes(screen, state: &state)
        #expect(drawn(tracker.plan(closed), closed).count == closed.count)
    }
}

@Suite struct OverlayWrapTests {
    /// The `i` box's lines: a long value wraps under itself, a short line and an empty one stay one line.
    @Test func longLinesWrapUnderTheirIndentAndShortOnesStay() {
        let lines = OverlayView.wrapped(["Heading", "", "  short", "  one two three four five six"], width: 14)
        #expect(lines == ["Heading", "", "  short", "  one two", "    three four", "    five six"], "\(lines)")
    }
}
