import AppCore
import EventsAPI
import Foundation
import SystemSupport
import Testing
import TUI
@testable import TUIState

/// One rule for server text on the TUI's screen, as on the command line: control characters are
/// shown escaped (`\u{1B}`), in the list rows, the player's title, the message line and the error
/// line alike, so a hostile camera name can neither drive the terminal nor vanish.
@Suite("AppState: server text shown escaped")
struct ServerTextEscapingTests {
    static let hostile = "Gar\u{1B}]0;pwned\u{07}age"
    static let shown = "Gar\\u{1B}]0;pwned\\u{7}age"

    static func state() -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User")
        _ = state.start()
        let event = Event(id: "evt-\u{9B}1", cameraName: hostile, title: "Title\u{1B}[2J", startTime: Fixtures.base,
                          endTime: Fixtures.base.addingTimeInterval(10), bucket: "30-days",
                          videoUrl: URL(string: "http://127.0.0.1:1/media/30-days/evt-1/index.m3u8")!)
        _ = state.reduce(.pageLoaded(EventsPage(events: [event], nextCursor: nil), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    @Test func listRowsAndThePlayerTitleShowControlCharactersEscaped() throws {
        var state = Self.state()
        let row = try #require(state.screen().list.rows.first)
        #expect(row.camera == Self.shown)
        #expect(row.title == "Title\\u{1B}[2J")
        _ = state.reduce(.action(.play), now: .now)
        let player = try #require(state.screen().player)
        #expect(player.title == "\(Self.shown) · Title\\u{1B}[2J")
        #expect(player.subtitle.contains("evt-\\u{9B}1"))
        for text in [row.camera, row.title, player.title, player.subtitle] {
            #expect(!text.unicodeScalars.contains(where: TerminalText.isControl), "\(text)")
        }
    }

    @Test func theMessageAndErrorLinesShowControlCharactersEscaped() throws {
        var state = Self.state()
        _ = state.reduce(.action(.play), now: .now)
        let message = try #require(state.screen().message)
        #expect(message.text == "Opening \(Self.shown)…")
        _ = state.reduce(.pageFailed(message: "the server said \u{1B}[31mno", needsSignIn: false, generation: state.list.fetchGeneration), now: .now)
        let screen = state.screen()
        for text in [screen.error, screen.message?.text].compactMap({ $0 }) {
            #expect(!text.unicodeScalars.contains(where: TerminalText.isControl), "\(text)")
        }
    }
}
