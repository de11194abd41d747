import Testing
@testable import TUI

/// The replies to the start-up graphics queries, taken out of the input (keys typed meanwhile
/// pass through in order), as xterm, kitty, foot and a silent terminal send them.
@Suite("Graphics probe")
struct GraphicsProbeTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func xtermAsAVT340SaysSixelAndItsCellSize() {
        var probe = GraphicsProbe()
        let keys = probe.feed(Self.bytes("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;16;8t\u{1B}[?1;0;256S\u{1B}[?63;1;2;4;6;9;15;16;22;28;29c"))
        #expect(keys.isEmpty)
        #expect(probe.isComplete)
        #expect(probe.result == TerminalGraphics(kitty: false, sixel: true, cellPixels: PixelSize(width: 8, height: 16), name: "XTerm(379)",
                                                 colorRegisters: 256))
    }

    @Test func kittyAnswersTheGraphicsQuery() {
        var probe = GraphicsProbe()
        _ = probe.feed(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.35.2)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"))
        #expect(probe.isComplete)
        #expect(probe.result.kitty && !probe.result.sixel)
        #expect(probe.result.cellPixels == PixelSize(width: 10, height: 20))
    }

    @Test func aFailedRegisterQueryLeavesTheCountUnknown() {
        var probe = GraphicsProbe()
        _ = probe.feed(Self.bytes("\u{1B}[?1;3;0S\u{1B}[?62;4c"))
        #expect(probe.result.sixel && probe.result.colorRegisters == nil)
    }

    @Test func aKittyErrorIsNotSupport() {
        var probe = GraphicsProbe()
        _ = probe.feed(Self.bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;c"))
        #expect(!probe.result.kitty)
    }

    @Test func aPlainTerminalIsCellsAndKeysTypedMeanwhilePassThroughInOrder() {
        var probe = GraphicsProbe()
        var keys = probe.feed(Self.bytes("j\u{1B}[A"))   // `j`, then Up
        keys += probe.feed(Self.bytes("\u{1B}[?1;2ck"))
        #expect(keys == Self.bytes("j\u{1B}[Ak"))
        #expect(probe.isComplete)
        #expect(probe.result == TerminalGraphics())
    }

    @Test func repliesSplitAcrossReadsAreJoined() {
        var probe = GraphicsProbe()
        let whole = Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;16;8t\u{1B}[?64;4c")
        var keys: [UInt8] = []
        for byte in whole { keys += probe.feed([byte]) }
        #expect(keys.isEmpty)
        #expect(probe.result == TerminalGraphics(kitty: true, sixel: true, cellPixels: PixelSize(width: 8, height: 16)))
    }

    @Test func anEscapeHeldAtTheBudgetIsAKeyAfterAll() {
        var probe = GraphicsProbe()
        #expect(probe.feed([0x1B]).isEmpty, "it may be the start of a reply")
        #expect(!probe.isComplete)
        #expect(probe.finish() == [0x1B])
        #expect(probe.isComplete)
    }

    @Test func theQueryAsksKittyThenVersionThenCellSizeThenAttributes() {
        let text = String(decoding: GraphicsProbe.query(sharedMemory: nil), as: UTF8.self)
        #expect(text == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[>0q\u{1B}[16t\u{1B}[?1;1;0S\u{1B}[c")
        let local = String(decoding: GraphicsProbe.query(sharedMemory: "/eventplayer-1-1"), as: UTF8.self)
        #expect(local == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
            + "\u{1B}_Gi=32,s=1,v=1,a=q,t=s,f=24;L2V2ZW50cGxheWVyLTEtMQ==\u{1B}\\"
            + "\u{1B}[>0q\u{1B}[16t\u{1B}[?1;1;0S\u{1B}[c")
    }

    /// kitty on this machine reads the shared memory pixel (OK); over SSH it cannot and says why.
    @Test func theSharedMemoryAnswerSaysWhetherTheTerminalIsOnThisMachine() {
        var local = GraphicsProbe()
        _ = local.feed(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[?62;c"))
        #expect(local.result.kitty && local.result.kittySharedMemory)
        var remote = GraphicsProbe()
        let keys = remote.feed(Self.bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;EBADF:Failed to open shared memory\u{1B}\\x\u{1B}[?62;c"))
        #expect(keys == [0x78], "the replies are taken out, the key stays")
        #expect(remote.result.kitty && !remote.result.kittySharedMemory)
        var confused = GraphicsProbe()
        _ = confused.feed(Self.bytes("\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=310;OK\u{1B}\\\u{1B}[?62;c"))
        #expect(!confused.result.kitty, "only i=31's OK says kitty")
    }

    @Test func anUnterminatedStringIsInputOnceItIsLongerThanAnyReply() {
        var probe = GraphicsProbe()
        let keys = probe.feed(Self.bytes("\u{1B}_G") + Array(repeating: 0x41, count: 5000))
        #expect(keys.count == 5003)
    }
}
