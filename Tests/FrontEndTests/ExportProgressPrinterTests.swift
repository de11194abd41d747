import AppCore
@testable import CLIFrontEnd
import Foundation
import Synchronization
import Testing

@Suite("export progress on a terminal and in a pipe")
struct ExportProgressPrinterTests {
    final class Output: Sendable {
        let text = Mutex("")
        let clock = Mutex(ContinuousClock.now)
        func write(_ piece: String) { text.withLock { $0 += piece } }
        func advance(_ seconds: Double) { clock.withLock { $0 = $0 + .milliseconds(Int(seconds * 1000)) } }
    }

    func progress(_ done: Int, of count: Int = 5) -> ExportProgress {
        ExportProgress(piecesDone: done, pieceCount: count, bytes: done * 100_000, bytesThisRun: done * 100_000, elapsed: Double(done))
    }

    @Test func aPipeGetsAtMostOneLineASecondAndTheLastOne() {
        let output = Output()
        let printer = ExportProgressPrinter(isTerminal: false, write: output.write, now: { output.clock.withLock { $0 } })
        printer.show(progress(0))
        printer.show(progress(1))          // same instant: held back
        output.advance(1.2)
        printer.show(progress(2))
        printer.show(progress(5))          // the last one always shows
        printer.message("saved x.ts")
        #expect(output.text.withLock { $0 } == """
            0/5 segments  0 B  – B/s  ETA –:––
            2/5 segments  200 KB  100 KB/s  ETA 0:03
            5/5 segments  500 KB  100 KB/s  done
            saved x.ts

            """)
    }

    @Test func aTerminalGetsABarRedrawnInPlaceAndMessagesOnTheirOwnLine() {
        let output = Output()
        let printer = ExportProgressPrinter(isTerminal: true, write: output.write, now: { output.clock.withLock { $0 } })
        printer.show(progress(1))
        printer.show(progress(2))
        printer.message("interrupted")
        let text = output.text.withLock { $0 }
        #expect(text.hasPrefix("\r["))
        #expect(text.components(separatedBy: "\r").count == 3, "two redraws")
        #expect(text.hasSuffix("ETA 0:03\ninterrupted\n"), "the bar's line is ended before the message: \(text.debugDescription)")
    }
}
