@testable import App
import Networking
import Testing
import TUI

@Suite("Player and network records as TUI values")
struct MappingTests {
    @Test func playbackStates() {
        #expect(PlayerMapping.kind(.playing) == .playing)
        #expect(PlayerMapping.kind(.paused) == .paused)
        #expect(PlayerMapping.kind(.stopped) == .stopped)
        #expect(PlayerMapping.kind(.interrupted) == .interrupted)
        #expect(PlayerMapping.kind(.seekingForward) == .seekingForward)
        #expect(PlayerMapping.kind(.seekingBackward) == .seekingBackward)
    }

    @Test func loadStatesAndFinishReasons() {
        #expect(PlayerMapping.load(.unknown) == TUI.LoadState.none)
        #expect(PlayerMapping.load(.playable) == .playable)
        #expect(PlayerMapping.load(.playthroughOK) == .playthroughOK)
        #expect(PlayerMapping.load(.stalled(bufferingPercent: nil)) == .stalled(percent: 0))
        #expect(PlayerMapping.finish(.ended) == .ended)
        #expect(PlayerMapping.finish(.userExited) == .userExited)
        #expect(PlayerMapping.finish(.error("x")) == .error(message: "x"))
    }

    @Test func requestRecordsLoseTheirQuery() {
        let record = RequestRecord(kind: .mediaSegment, method: "GET", target: "/media/30-days/evt/seg1.ts?Authorization=secret",
                                   status: 200, error: nil, attempt: 2, delay: 0, milliseconds: 12.4, bytes: 100)
        let rows = RequestLogRows.rows([record])
        #expect(rows == [RequestLogRow(kind: "mediaSegment", status: 200, attempts: 2, milliseconds: 12, bytes: 100,
                                       path: "/media/30-days/evt/seg1.ts")])
    }
}
