import Testing
@testable import TUI

/// The montage's tiles take turns at being offered their frames first (and last).
@Suite struct TileRotationTests {
    @Test func everyTileIsLastOnceInEveryRoundAndEachTurnHoldsEveryTile() {
        var rotation = TileRotation()
        let turns = (0..<8).map { _ in rotation.next(count: 4) }
        #expect(turns.allSatisfy { $0.sorted() == [0, 1, 2, 3] })
        #expect(turns.prefix(4).map(\.last) == [3, 0, 1, 2])
        #expect(turns.suffix(4).map(\.last) == [3, 0, 1, 2])
        #expect(rotation.next(count: 0).isEmpty)
        #expect(rotation.next(count: 1) == [0])
    }
}
