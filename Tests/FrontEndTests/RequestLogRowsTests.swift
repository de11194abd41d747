@testable import TUIFrontEnd
import Networking
import Testing
import TUI

@Suite("Network records as TUI values")
struct MappingTests {
    @Test func requestRecordsLoseTheirQuery() {
        let record = RequestRecord(kind: .mediaSegment, method: "GET", target: "/media/30-days/evt/seg1.ts?Authorization=secret",
                                   status: 200, error: nil, attempt: 2, delay: 0, milliseconds: 12.4, bytes: 100)
        let rows = RequestLogRows.rows([record])
        #expect(rows == [RequestLogRow(kind: "mediaSegment", status: 200, attempts: 2, milliseconds: 12, bytes: 100,
                                       path: "/media/30-days/evt/seg1.ts")])
    }
}
