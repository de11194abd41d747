import AppCore
import Foundation
import Testing
import TUI
@testable import TUIState

/// `N`: the server picker opens on the server shown, Enter on another ends this session of the
/// TUI for it (``AppEffect/switchServer(_:)``), Enter on the same or Esc just closes it.
@Suite("AppState: the server picker (N)")
struct ServerPickerReducerTests {
    static let servers = [
        KnownServer(target: .profile("home"), title: "home: https://nvr.home:8971", isCurrent: false),
        KnownServer(target: .server(URL(string: "http://office")!), title: "http://office · me", isCurrent: true),
        KnownServer(target: .demo, title: "Embedded demo backend", isCurrent: false),
    ]

    static func state(servers: [KnownServer] = servers) -> AppState {
        var state = AppState(server: "http://office", isDemo: false, user: "me", servers: servers)
        _ = state.reduce(.pageLoaded(Fixtures.page(0..<5), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    @Test func opensOnTheServerShownAndSwitchesToAnother() throws {
        var state = Self.state()
        #expect(state.reduce(.action(.pickServer), now: .now).isEmpty)
        let picker = try #require(state.screen().picker)
        #expect(picker.items == Self.servers.map(\.title))
        #expect(picker.selectedIndex == 1 && picker.currentIndex == 1)
        _ = state.reduce(.action(.select(index: 0)), now: .now)
        #expect(state.reduce(.action(.submit), now: .now) == [.switchServer(.profile("home"))])
        #expect(state.screen().picker == nil)
    }

    @Test func theSameServerOrEscOnlyCloses() {
        var state = Self.state()
        _ = state.reduce(.action(.pickServer), now: .now)
        #expect(state.reduce(.action(.submit), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        _ = state.reduce(.action(.pickServer), now: .now)
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        #expect(state.reduce(.action(.back), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
    }

    @Test func withNoOtherServerTheMessageSaysHowToAddOne() {
        var state = Self.state(servers: [Self.servers[1]])
        #expect(state.reduce(.action(.pickServer), now: .now).isEmpty)
        #expect(state.screen().picker == nil)
        #expect(state.screen().message?.text.contains("[profiles.NAME]") == true)
    }
}
