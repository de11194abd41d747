import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// One mode at a time (``AppState/Mode``): the key route the snapshot publishes for each mode,
/// entering a mode leaves the one before (nothing of it stays on screen or takes keys), prompts and
/// pickers go back to the scene they opened over, and the overlay layer goes over any mode.
@Suite("AppState: one mode")
struct ModeReducerTests {
    /// Signed in, the list loaded, terminal video (so that `f` and the montage's tiles work).
    static func state() -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User", isTerminalVideo: true)
        _ = state.start()
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<12), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    static func press(_ actions: UserAction..., on state: inout AppState) {
        for action in actions { _ = state.reduce(.action(action), now: .now) }
    }

    /// What the snapshot says takes the keys, and which of the mode-owned parts it shows: exactly
    /// one of them (or none, for the list and the player).
    static func shown(_ screen: ScreenSnapshot) -> [String] {
        [screen.signIn != nil ? "sign-in" : nil, screen.list.isEditingFilter ? "filter" : nil, screen.prompt != nil ? "prompt" : nil,
         screen.picker != nil ? "picker" : nil, screen.timelineView != nil ? "timeline" : nil,
         screen.montage != nil ? "montage" : nil, screen.isFullPane ? "full-pane" : nil].compactMap { $0 }
    }

    /// The route each mode publishes (``AppState/keyRoute``): where the key router sends keys.
    @Test func eachModePublishesItsRoute() {
        var signIn = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: nil)
        #expect(signIn.screen().route == .context(.form) && Self.shown(signIn.screen()) == ["sign-in"])
        Self.press(.toggleHelp, on: &signIn)
        #expect(signIn.screen().overlay == nil && signIn.screen().route == .context(.form), "the form takes every key: no overlay over it")

        let cases: [(actions: [UserAction], route: KeyRoute, shown: [String])] = [
            ([], .context(.list), []),
            ([.toggleFocus], .context(.player), []),
            ([.startFilter], .context(.filter), ["filter"]),
            ([.jumpToDate], .context(.filter), ["prompt"]),
            ([.pickCamera], .picker(over: .list), ["picker"]),
            ([.toggleFocus, .pickCamera], .picker(over: .player), ["picker"]),
            ([.pickServer], .context(.list), []),   // no other server: a message, no picker
            ([.toggleFocus, .toggleFullPane], .context(.player), ["full-pane"]),
            ([.toggleTimeline], .context(.timeline), ["timeline"]),
            ([.toggleTimeline, .jumpToDate], .context(.filter), ["prompt", "timeline"]),
            ([.toggleTimeline, .pickCamera], .picker(over: .timeline), ["picker", "timeline"]),
            ([.startMontage], .context(.montage), ["montage"]),
            ([.toggleTimeline, .startMontage], .context(.montage), ["montage"]),
        ]
        for (actions, route, shown) in cases {
            var state = Self.state()
            for action in actions { Self.press(action, on: &state) }
            #expect(state.screen().route == route, "\(actions)")
            #expect(Self.shown(state.screen()).sorted() == shown.sorted(), "\(actions)")
        }
    }

    /// The prompts type every key: `?` and `d` there are text, never an overlay over them.
    @Test func thePromptsTakeEveryKeyBeforeTheOverlay() {
        for opens in [[UserAction.startFilter], [.jumpToDate], [.toggleTimeline, .jumpToDate]] {
            var state = Self.state()
            for action in opens { Self.press(action, on: &state) }
            Self.press(.toggleHelp, .toggleRequestLog, on: &state)
            #expect(state.screen().overlay == nil && state.screen().route == .context(.filter), "\(opens)")
        }
    }

    /// Every mode and each key that leaves it (as the key router sends them: Esc is `.cancel` in
    /// the text prompts and pickers, `.back` elsewhere; `q` is `.quitOrBack`), and what the screen
    /// is then: the scene the mode opened over, or the list and player the scene returns to. `q`
    /// never quits from a mode: it goes back first.
    @Test func eachModeAndEachKeyThatLeavesIt() {
        let labels: [UserAction] = [.pickLabel]   // the picker opens when the values come (below)
        let cases: [(enter: [UserAction], leave: UserAction, shown: [String], context: KeyContext)] = [
            ([.startFilter], .cancel, [], .list),
            ([.startFilter, .insertText("Drive")], .submit, [], .list),
            ([.jumpToDate], .cancel, [], .list),
            ([.jumpToDate, .insertText("-1h")], .submit, [], .list),
            ([.pickCamera], .cancel, [], .list),
            ([.pickCamera], .back, [], .list),
            ([.pickCamera, .select(index: 1)], .submit, [], .list),
            (labels, .cancel, [], .list),
            (labels, .submit, [], .list),
            ([.toggleFocus, .toggleFullPane], .toggleFullPane, [], .player),
            ([.toggleFocus, .toggleFullPane], .back, [], .player),
            ([.toggleFocus, .toggleFullPane], .quitOrBack, [], .player),
            ([.toggleTimeline], .toggleTimeline, [], .list),
            ([.toggleTimeline], .back, [], .list),
            ([.toggleTimeline], .quitOrBack, [], .list),
            ([.toggleTimeline, .jumpToDate], .cancel, ["timeline"], .timeline),
            ([.toggleTimeline, .pickCamera], .cancel, ["timeline"], .timeline),
            ([.startMontage], .back, [], .list),
            ([.startMontage], .quitOrBack, [], .list),
            ([.toggleTimeline, .startMontage], .back, ["timeline"], .timeline),
            ([.toggleFocus], .toggleFocus, [], .list),
        ]
        for (enter, leave, shown, context) in cases {
            var state = Self.state()
            for action in enter {
                Self.press(action, on: &state)
                if action == .pickLabel {
                    _ = state.reduce(.filterValuesLoaded(FilterValues(labels: ["car", "person"], zones: [])), now: .now)
                }
            }
            let before = Self.shown(state.screen())
            #expect(before != shown || enter == [.toggleFocus], "the mode opened: \(enter) \(before)")
            let effects = state.reduce(.action(leave), now: .now)
            #expect(!effects.contains(.quit), "\(leave) does not quit from \(enter)")
            #expect(Self.shown(state.screen()).sorted() == shown.sorted(), "\(enter) then \(leave): \(Self.shown(state.screen()))")
            #expect(state.screen().keyContext == context, "\(enter) then \(leave)")
        }
    }

    @Test func theTimelineOpenedFromFullPaneLeavesItAndClosesBackToThePlayerSideBySide() {
        var state = Self.state()
        Self.press(.play, .toggleFullPane, on: &state)
        #expect(state.screen().isFullPane && state.screen().keyContext == .player)
        Self.press(.toggleTimeline, on: &state)
        #expect(Self.shown(state.screen()) == ["timeline"], "full-pane is left, not kept under the timeline")
        Self.press(.toggleTimeline, on: &state)
        #expect(Self.shown(state.screen()).isEmpty && state.screen().keyContext == .player)
    }

    @Test func aPickerOverTheTimelineReturnsToIt() throws {
        var state = Self.state()
        Self.press(.toggleTimeline, .pickCamera, on: &state)
        #expect(state.screen().picker != nil && state.screen().timelineView != nil)
        Self.press(.back, on: &state)
        #expect(Self.shown(state.screen()) == ["timeline"] && state.screen().keyContext == .timeline)
        // Picking a camera reloads and comes back to the timeline too; so does the date prompt.
        Self.press(.pickCamera, .select(index: 1), .submit, on: &state)
        #expect(Self.shown(state.screen()) == ["timeline"])
        Self.press(.jumpToDate, .insertText("-1h"), .submit, on: &state)
        #expect(Self.shown(state.screen()) == ["timeline"] && state.screen().keyContext == .timeline)
    }

    @Test func theHelpOverlayGoesOverAnyModeAndEscClosesItFirst() {
        let modes: [(opens: [UserAction], context: KeyContext)] = [
            ([], .list), ([.toggleFocus, .toggleFullPane], .player), ([.toggleTimeline], .timeline),
            ([.pickCamera], .list), ([.startMontage], .montage), ([.toggleTimeline, .pickCamera], .timeline),
        ]
        for (opens, context) in modes {
            var state = Self.state()
            for action in opens { Self.press(action, on: &state) }
            let before = Self.shown(state.screen())
            let route = state.screen().route
            Self.press(.toggleHelp, on: &state)
            #expect(state.screen().overlay == .help, "\(opens)")
            #expect(state.screen().route == .overlay(over: context), "the overlay takes the keys first: \(opens)")
            #expect(Self.shown(state.screen()) == before, "the mode stays under the overlay: \(opens)")
            Self.press(.toggleRequestLog, on: &state)
            #expect(state.screen().overlay == .requestLog, "d switches the overlay: \(opens)")
            Self.press(.back, on: &state)
            #expect(state.screen().overlay == nil && Self.shown(state.screen()) == before, "Esc closed the overlay only: \(opens)")
            #expect(state.screen().route == route && route.context == context, "\(opens)")
            Self.press(.toggleHelp, .quitOrBack, on: &state)
            #expect(state.screen().overlay == nil && state.screen().route == route, "q closes the overlay first: \(opens)")
        }
    }

    @Test func thePlayerOpenedOnTheTimelineGoesBackToItEvenAfterTab() throws {
        var state = Self.state()
        let effects = state.reduce(.action(.toggleTimeline), now: .now)
        let window = try #require(effects.compactMap { if case .fetchTimelineWindow(let window, _) = $0 { window } else { nil } }.first)
        let long = Event(id: "long", cameraName: "Front Door", title: "Long", startTime: Fixtures.base.addingTimeInterval(-120),
                         endTime: Fixtures.base.addingTimeInterval(300), bucket: "7-days", videoUrl: Fixtures.event(0).videoUrl)
        _ = state.reduce(.timelineLoaded([long], window: window, generation: try #require(state.timeline?.generation)),
                         now: .now)
        Self.press(.play, on: &state)
        #expect(Self.shown(state.screen()).isEmpty && state.screen().keyContext == .player)
        Self.press(.toggleFocus, .toggleFocus, .back, on: &state)
        #expect(Self.shown(state.screen()) == ["timeline"], "Esc in the player goes back to the timeline")
        #expect(state.screen().focus == .list)
    }

    @Test func aSignInAskedForDuringTheMontageStopsItAndTakesTheScreen() {
        var state = Self.state()
        Self.press(.startMontage, .toggleHelp, on: &state)
        var effects = state.reduce(.pageFailed(message: "session expired", needsSignIn: true, generation: state.list.fetchGeneration), now: .now)
        #expect(effects.contains { if case .stopMontage = $0 { true } else { false } })
        #expect(Self.shown(state.screen()) == ["sign-in"] && state.screen().overlay == nil && state.screen().keyContext == .form)
        effects = state.reduce(.signedIn(user: "Demo User"), now: .now)
        #expect(Self.shown(state.screen()).isEmpty && state.screen().keyContext == .list, "signed in: the list")
        #expect(effects.contains { if case .fetchPage = $0 { true } else { false } })
    }

    @Test func labelsArrivingAfterTheTimelineOpenedOpenNoPicker() {
        var state = Self.state()
        Self.press(.pickLabel, .toggleTimeline, on: &state)
        _ = state.reduce(.filterValuesLoaded(FilterValues(labels: ["car"], zones: [])), now: .now)
        #expect(Self.shown(state.screen()) == ["timeline"])
    }
}
