import AppCore
import EventsAPI
import Foundation
import Player
import Testing
import TUI
@testable import TUIState

/// The timeline (`T`) in the reducer: where it opens, the windows it asks for as the cursor moves,
/// pages filling the lanes, failures asked for again, zoom, the event under the cursor, Enter and
/// Esc, and the list's `t`, `c`, `u`, `x` there.
@Suite("AppState: timeline")
struct TimelineReducerTests {
    static let calendar = Calendar.current

    /// Signed in, the list loaded, the timeline open at the selected event (evt-0), its first
    /// windows asked for and answered with the list's events.
    static func openTimeline() -> (AppState, [AppEffect]) {
        var state = Fixtures.listState()
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        return (state, effects)
    }

    static func windows(_ effects: [AppEffect]) -> [Range<Date>] {
        effects.compactMap { if case .fetchTimelineWindow(let window, _) = $0 { window } else { nil } }
    }

    @Test func opensAtTheSelectedEventAndAsksForTheDayThenItsNeighbours() throws {
        let (state, effects) = Self.openTimeline()
        let timeline = try #require(state.timeline)
        let event = Fixtures.event(0)
        #expect(timeline.cursor == event.startTime)
        #expect(timeline.zoom == .day)
        let day = Self.calendar.startOfDay(for: event.startTime)
        #expect(timeline.range == day..<day.addingTimeInterval(86400))
        let windows = Self.windows(effects)
        // The day shown (from an hour earlier: an event running into it), then the day before, then after.
        #expect(windows.first == day.addingTimeInterval(-3600)..<day.addingTimeInterval(86400))
        #expect(windows.dropFirst().first == day.addingTimeInterval(-86400 - 3600)..<day.addingTimeInterval(-3600))
        #expect(windows.dropFirst(2).first == day.addingTimeInterval(86400)..<day.addingTimeInterval(2 * 86400))
        // Then the reach-back: the week before the day, for events that began then and run into it.
        #expect(windows.dropFirst(3).first == day.addingTimeInterval(-7 * 86400)..<day.addingTimeInterval(-86400 - 3600))
        #expect(windows.count == 4)
        // The lane is the event's camera.
        #expect(state.timelineCameras[timeline.lane] == event.cameraName)
        #expect(state.screen().timelineView != nil)
        #expect(state.screen().keyContext == .timeline)
    }

    @Test func pagesFillTheLanesAndTheStatusNamesTheEventUnderTheCursor() throws {
        var (state, effects) = Self.openTimeline()
        let generation = try #require(state.timeline?.generation)
        let window = try #require(Self.windows(effects).first)
        let busy = Event(id: "busy", cameraName: "Garage", title: "Garage door", startTime: Fixtures.base.addingTimeInterval(-30),
                         endTime: Fixtures.base.addingTimeInterval(60), bucket: "7-days", videoUrl: Fixtures.event(0).videoUrl)
        _ = state.reduce(.timelineLoaded([busy], window: nil, generation: generation), now: .now)
        #expect(state.screen().timelineView?.isLoading == true, "the window is not done before its last page")
        _ = state.reduce(.timelineLoaded([Fixtures.event(0)], window: window, generation: generation), now: .now)
        let screen = try #require(state.screen(now: Fixtures.base).timelineView)
        #expect(screen.cameras == ["Driveway", "Front Door", "Garage"])
        #expect(Set(screen.items.items.map(\.id)) == ["busy", "evt-0"])
        #expect(screen.statusSegments.contains { $0.hasPrefix("Front Door · Motion 0 · ") }, "\(screen.statusSegments)")
        // Down twice: Garage's lane, whose event covers the cursor.
        _ = state.reduce(.action(.timelineLane(1)), now: .now)
        _ = state.reduce(.action(.timelineLane(1)), now: .now)
        #expect(state.screen(now: Fixtures.base).timelineView?.statusSegments.contains { $0.hasPrefix("Garage · Garage door") } == true)
        // Items are rebuilt only when something they show changed.
        let version = state.timeline?.items.version
        _ = state.reduce(.action(.timelineStep(1)), now: .now)
        #expect(state.timeline?.items.version == version)
        // A page of an older generation (before `r`) is dropped.
        _ = state.reduce(.action(.refresh), now: .now)
        _ = state.reduce(.timelineLoaded([busy], window: window, generation: generation), now: .now)
        #expect(state.timeline?.events.isEmpty == true)
    }

    @Test func movingAsksOnlyForWhatIsNotLoadedYet() throws {
        var (state, _) = Self.openTimeline()
        let day = try #require(state.timeline?.range)
        // A step inside the day: nothing new to fetch.
        #expect(Self.windows(state.reduce(.action(.timelineStep(1)), now: .now)).isEmpty)
        #expect(state.timeline?.cursor == Fixtures.base.addingTimeInterval(600))
        // PgDn: the next day is shown (already fetched as a neighbour); only the day after it is asked for.
        let effects = state.reduce(.action(.timelinePage(1)), now: .now)
        #expect(state.timeline?.range.lowerBound == day.upperBound)
        #expect(Self.windows(effects) == [day.upperBound.addingTimeInterval(86400)..<day.upperBound.addingTimeInterval(2 * 86400)])
    }

    @Test func aFailedWindowIsShownAndAskedForAgain() throws {
        var (state, effects) = Self.openTimeline()
        let generation = try #require(state.timeline?.generation)
        let window = try #require(Self.windows(effects).first)
        _ = state.reduce(.timelineFailed(window: window, message: "HTTP 503 after 4 attempts", generation: generation), now: .now)
        #expect(state.screen().timelineView?.errorText == "Cannot load events: HTTP 503 after 4 attempts")
        #expect(Self.windows(state.reduce(.action(.timelineStep(1)), now: .now)) == [window])
    }

    @Test func zoomGoesBetweenAnHourADayAndAWeek() {
        var (state, _) = Self.openTimeline()
        _ = state.reduce(.action(.timelineZoom(in: true)), now: .now)
        #expect(state.timeline?.zoom == .hour)
        #expect(state.timeline?.range.contains(Fixtures.base) == true)
        _ = state.reduce(.action(.timelineZoom(in: true)), now: .now)
        #expect(state.screen().message?.text.contains("as far as it goes") == true)
        _ = state.reduce(.action(.timelineZoom(in: false)), now: .now)
        _ = state.reduce(.action(.timelineZoom(in: false)), now: .now)
        #expect(state.timeline?.zoom == .week)
        #expect(state.timeline?.range.contains(Fixtures.base) == true)
        // At week zoom a step is an hour.
        _ = state.reduce(.action(.timelineStep(-1)), now: .now)
        #expect(state.timeline?.cursor == Fixtures.base.addingTimeInterval(-3600))
    }

    @Test func enterPlaysFromTheCursorAndEscComesBack() throws {
        var (state, effects) = Self.openTimeline()
        let generation = try #require(state.timeline?.generation)
        let long = Event(id: "long", cameraName: "Front Door", title: "Long", startTime: Fixtures.base.addingTimeInterval(-120),
                         endTime: Fixtures.base.addingTimeInterval(300), bucket: "7-days", videoUrl: Fixtures.event(0).videoUrl)
        _ = state.reduce(.timelineLoaded([long], window: Self.windows(effects).first, generation: generation), now: .now)
        let play = state.reduce(.action(.play), now: .now)
        #expect(play == [.startPlayback(long, id: PlaybackID(rawValue: state.player.lastPlaybackID), startAt: 120)],
                "the latest event covering the cursor, from the cursor's moment in it")
        #expect(state.screen().timelineView == nil && state.focus == .player)
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.playback(.playing)), state), now: .now)
        #expect(state.reduce(.action(.back), now: .now) == [.player(.togglePause)], "the pane is not on screen: paused")
        #expect(state.screen().timelineView != nil)
        // Esc on the timeline: the list, focused.
        _ = state.reduce(.action(.back), now: .now)
        #expect(state.screen().timelineView == nil && state.focus == .list)
    }

    @Test func nothingUnderTheCursorSaysSo() {
        var (state, _) = Self.openTimeline()
        _ = state.reduce(.action(.timelinePage(-5)), now: .now)
        #expect(state.reduce(.action(.play), now: .now).allSatisfy { if case .startPlayback = $0 { false } else { true } })
        #expect(state.screen().message?.text.hasPrefix("No event under the cursor") == true)
    }

    @Test func homeAndEndGoToTheFirstAndLastEventShown() throws {
        var (state, effects) = Self.openTimeline()
        let generation = try #require(state.timeline?.generation)
        let day = try #require(state.timeline?.range)
        let inDay = (0..<30).map { Fixtures.event($0) }.filter { day.contains($0.startTime) }
        _ = state.reduce(.timelineLoaded(inDay, window: Self.windows(effects).first, generation: generation), now: .now)
        _ = state.reduce(.action(.timelineEdge(last: false)), now: .now)
        let first = try #require(inDay.min { $0.startTime < $1.startTime })
        #expect(state.timeline?.cursor == first.startTime)
        #expect(state.timeline?.event(lanes: state.timelineCameras, date: Date())?.id == first.id)
        _ = state.reduce(.action(.timelineEdge(last: true)), now: .now)
        let last = try #require(inDay.max { $0.startTime < $1.startTime })
        #expect(state.timeline?.cursor == last.startTime)
        #expect(state.timeline?.event(lanes: state.timelineCameras, date: Date())?.id == last.id)
    }

    @Test func theListsFiltersApplyToTheLanes() throws {
        var (state, effects) = Self.openTimeline()
        let generation = try #require(state.timeline?.generation)
        _ = state.reduce(.timelineLoaded([Fixtures.event(0), Fixtures.event(1, camera: "Driveway")],
                                         window: Self.windows(effects).first, generation: generation), now: .now)
        // u: reviewed events leave the lanes.
        _ = state.reduce(.action(.toggleReviewed), now: .now)   // evt-0, under the cursor
        #expect(state.review.marks.isReviewed("evt-0"))
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        #expect(state.screen().timelineView?.items.items.map(\.id) == ["evt-1"])
        _ = state.reduce(.action(.toggleUnreviewedOnly), now: .now)
        // c: one camera's lane.
        _ = state.reduce(.action(.pickCamera), now: .now)
        let index = try #require(state.cameraPicker?.cameras.firstIndex(of: "Driveway"))
        _ = state.reduce(.action(.select(index: index + 1)), now: .now)   // row 0 is "All cameras"
        _ = state.reduce(.action(.submit), now: .now)
        let screen = try #require(state.screen().timelineView)
        #expect(screen.cameras == ["Driveway"])
        #expect(screen.items.items.map(\.id) == ["evt-1"])
    }

    @Test func aDateMovesTheCursorWithoutReloadingTheList() throws {
        var (state, _) = Self.openTimeline()
        let generation = state.list.fetchGeneration
        _ = state.reduce(.action(.jumpToDate), now: .now)
        for character in "2026-11-20 14:00" { _ = state.reduce(.action(.insertText(String(character))), now: .now) }
        let effects = state.reduce(.action(.submit), now: .now)
        let date = try DateQuery("2026-11-20 14:00").resolve(now: Date())
        #expect(state.timeline?.cursor == date)
        #expect(state.list.fetchGeneration == generation, "the list keeps its filters")
        #expect(Self.windows(effects).first?.contains(date) == true)
    }

    @Test func tabDoesNothingAndQGoesBackToTheList() {
        var (state, _) = Self.openTimeline()
        let focus = state.focus
        _ = state.reduce(.action(.toggleFocus), now: .now)
        #expect(state.focus == focus)
        #expect(state.reduce(.action(.quitOrBack), now: .now).isEmpty)
        #expect(state.screen().timelineView == nil)
        // T again: the same place, nothing fetched twice.
        #expect(Self.windows(state.reduce(.action(.toggleTimeline), now: .now)).isEmpty)
    }

    /// The timeline's keys as its own reducer: lanes stay within the cameras, zoom stops at its
    /// ends with a reason, Enter with nothing under the cursor says so, and keys that are not the
    /// timeline's (help) are not its.
    @Test func theTimelinesOwnReducerMovesTheCursorLaneAndZoom() {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        var timeline = TimelineState(cursor: start, calendar: Self.calendar)
        let lanes = ["Driveway", "Front Door"]
        #expect(timeline.reduce(.timelineLane(5), lanes: lanes, now: start, calendar: Self.calendar) == .moved)
        #expect(timeline.lane == 1)
        #expect(timeline.reduce(.timelineStep(2), lanes: lanes, now: start, calendar: Self.calendar) == .moved)
        #expect(timeline.cursor == start.addingTimeInterval(2 * timeline.zoom.step))
        var zoomedIn = false
        for _ in 0..<10 where timeline.reduce(.timelineZoom(in: true), lanes: lanes, now: start, calendar: Self.calendar) != .moved {
            zoomedIn = true
        }
        #expect(zoomedIn)
        #expect(timeline.reduce(.timelineZoom(in: true), lanes: lanes, now: start, calendar: Self.calendar)
            == .message("Zoomed in as far as it goes (an hour)"))
        #expect(timeline.reduce(.timelineEdge(last: true), lanes: lanes, now: start, calendar: Self.calendar) == .message("No events in this range"))
        #expect(timeline.reduce(.play, lanes: lanes, now: start, calendar: Self.calendar)
            == .message("No event under the cursor (←/→ move, ↑/↓ change camera)"))
        #expect(timeline.reduce(.toggleHelp, lanes: lanes, now: start, calendar: Self.calendar) == .notMine)
    }
}
