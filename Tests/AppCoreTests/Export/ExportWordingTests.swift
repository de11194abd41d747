@testable import AppCore
import EventsAPI
import Foundation
import Testing

/// The export use case says the same things to both front ends; only the advice on what to do
/// next is worded for each: flags and "the same command" on the command line, the key and the
/// file itself in the TUI (whose `e` never overwrites).
@Suite struct ExportWordingTests {
    static let path = "/tmp/x/Front-Door_1.ts"

    /// The command line's messages are those `eventplayer export` always printed.
    @Test(arguments: [
        (ExportError("cannot export evt-1: segment 2 of 5 failed: HTTP 500", remedy: .resume),
         "cannot export evt-1: segment 2 of 5 failed: HTTP 500; run the same command again to resume"),
        (ExportError("\(path) exists", remedy: .overwrite), "\(path) exists: pass --force to overwrite it, or -o another path"),
        (ExportError("\(path) is a FIFO", remedy: .neverReplaced), "\(path) is a FIFO: --force replaces regular files only; -o another path"),
        (ExportError("\(path) is already being exported by another eventplayer", remedy: .busy),
         "\(path) is already being exported by another eventplayer; wait for it or -o another path"),
        (ExportError("evt-1 has no segments yet; nothing to export"), "evt-1 has no segments yet; nothing to export"),
    ])
    func theCommandLineWording(error: ExportError, printed: String) {
        #expect(error.message(in: .commandLine) == printed)
        #expect("\(error)" == printed, "what the CLI prints for an error it does not catch")
    }

    /// The TUI's messages name the key or the file, never a flag or a command.
    @Test(arguments: [
        (ExportError("cannot export evt-1: segment 2 of 5 failed: HTTP 500", remedy: .resume),
         "Cannot export evt-1: segment 2 of 5 failed: HTTP 500; press e on it again to resume."),
        (ExportError("\(path) exists", remedy: .overwrite), "\(path) exists: move or delete it to export again."),
        (ExportError("\(path) is a symbolic link", remedy: .neverReplaced), "\(path) is a symbolic link: move or delete it to export again."),
        (ExportError("\(path) is already being exported by another eventplayer", remedy: .busy),
         "\(path) is already being exported by another eventplayer; wait for it."),
    ])
    func theTUIWording(error: ExportError, shown: String) {
        let message = ExportWording.terminalUI.message(for: error)
        #expect(message == shown)
        #expect(!message.contains("--force") && !message.contains("-o ") && !message.contains("command"))
    }

    @Test func aPrefixKeepsTheRemedy() {
        let key = ExportError("the AES-128 key of segment 1 of 3 failed: HTTP 500", remedy: .resume)
        #expect(key.prefixed("cannot export evt-1: ").message(in: .terminalUI)
            == "cannot export evt-1: the AES-128 key of segment 1 of 3 failed: HTTP 500; press e on it again to resume")
    }

    @Test func otherErrorsAreTheirUserFacingSentence() {
        struct Refused: Error, CustomStringConvertible { var description: String { "the server refused: \u{1B}[2J" } }
        #expect(ExportWording.terminalUI.message(for: Refused()) == UserFacing.message(for: Refused()))
    }

    /// Saved and interrupted: the same sentence, the advice in each front end's words.
    @Test func savedAndInterruptedMessages() throws {
        let now = ExportFixtures.start.addingTimeInterval(60)
        let live = ExportFixtures.event(ended: false)
        let plan = try ExportPlan(event: live, listing: ExportFixtures.listing(segments: 3, endList: false), format: nil, now: now)
        let destination = ExportDestination(final: URL(filePath: Self.path))
        let outcome = EventExporter.Outcome(file: destination.final, bytes: 1_200_000, resumedPieces: 0)
        #expect(ExportMessages.done(plan, event: live, outcome: outcome, wording: .commandLine)
            == "saved \(Self.path) (1.2 MB, 0:06); evt-1 is still recording: export it again later with --force for the rest")
        #expect(ExportMessages.done(plan, event: live, outcome: outcome, wording: .terminalUI)
            == "saved \(Self.path) (1.2 MB, 0:06); evt-1 is still recording: move it and press e on it again later for the rest")
        let kept = ExportJournal.ResumePoint(piece: 2, bytes: 400)
        #expect(ExportMessages.interrupted(plan, kept: kept, destination: destination, wording: .commandLine)
            == "interrupted: 2 of 3 pieces kept in \(Self.path).part; run the same command again to resume")
        #expect(ExportMessages.interrupted(plan, kept: kept, destination: destination, wording: .terminalUI)
            == "interrupted: 2 of 3 pieces kept in \(Self.path).part; press e on it again to resume")
    }
}
