import Testing
@testable import TUI

/// When a pane's rows moved (so that ncurses would scroll the terminal, and a picture beside the
/// pane with it): ``PaneRowMemory``.
@Suite struct PaneRowMemoryTests {
    static func rows(_ texts: String...) -> [[UInt32]] { texts.map { $0.unicodeScalars.map(\.value) } }

    @Test func rowsPushedDownByANewRowAboveMoved() {
        var memory = PaneRowMemory()
        let moved1 = memory.record(Self.rows("▌ Backyard  Motion", "  Driveway  Car", "  Garage    Door"), in: .list)
        #expect(!moved1)
        let moved2 = memory.record(Self.rows("  Front     New motion 1", "▌ Backyard  Motion", "  Driveway  Car"), in: .list)
        #expect(moved2)
    }

    @Test func theSelectionMovingOrARowChangingInPlaceMovesNothing() {
        var memory = PaneRowMemory()
        _ = memory.record(Self.rows("▌ Backyard  Motion  live", "  Driveway  Car     0:10", "  Garage    Door    0:10"), in: .list)
        // Down: the marker moves, each row's text is its own.
        let moved3 = memory.record(Self.rows("  Backyard  Motion  live", "▌ Driveway  Car     0:10", "  Garage    Door    0:10"), in: .list)
        #expect(!moved3)
        // An event in progress grows longer.
        let moved4 = memory.record(Self.rows("  Backyard  Motion  0:41", "▌ Driveway  Car     0:10", "  Garage    Door    0:10"), in: .list)
        #expect(!moved4)
        // Blank rows are alike everywhere: a short list growing by a row moved nothing.
        let moved5 = memory.record(Self.rows("  Backyard  Motion  0:41", "▌ Driveway  Car     0:10", "  Garage    Door    0:10", "", ""),
                               in: .list)
        #expect(!moved5)
        let moved6 = memory.record(Self.rows("  Backyard  Motion  0:41", "▌ Driveway  Car     0:10", "  Garage    Door    0:10",
                                         "  Porch     Cat     0:05", ""), in: .list)
        #expect(!moved6)
    }

    @Test func eachPaneIsComparedWithItselfAndForgottenWhenItsWindowIsMadeAgain() {
        var memory = PaneRowMemory()
        _ = memory.record(Self.rows("a", "b"), in: .list)
        let moved7 = memory.record(Self.rows("b", "a"), in: .timeline)
        #expect(!moved7, "another pane: nothing to compare with")
        memory.forget(.list)
        let moved8 = memory.record(Self.rows("c", "a"), in: .list)
        #expect(!moved8, "a new window is drawn in full anyway")
        let moved9 = memory.record(Self.rows("a", "c"), in: .list)
        #expect(moved9, "scrolled up by one")
    }
}
