import AppCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The one overwrite rule of `eventplayer export` and the TUI's `e`, on real files: nothing under
/// the final name is free; a regular file is replaced only with force; anything else (a link, even
/// a dangling one, a FIFO, a directory) never.
@Suite struct ExportOverwriteRuleTests {
    let directory = FileManager.default.temporaryDirectory.appending(path: "ep-overwrite-\(UUID().uuidString)")
    var final: URL { directory.appending(path: "Front-Door_1.ts") }
    var destination: ExportDestination { ExportDestination(final: final) }

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func nothingThereIsFree() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try destination.checkFree(force: false)
        try ExportDestination(output: "-", defaultName: "x.ts").checkFree(force: false)
    }

    @Test func aRegularFileIsReplacedOnlyWithForce() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("precious".utf8).write(to: final)
        #expect(throws: ExportError("\(final.path) exists", remedy: .overwrite)) { try destination.checkFree(force: false) }
        try destination.checkFree(force: true)
    }

    @Test(arguments: ["a symbolic link to a file", "a dangling symbolic link", "a FIFO", "a directory"])
    func anythingElseIsNeverReplaced(what: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appending(path: "target")
        switch what {
        case "a symbolic link to a file":
            try Data("precious".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(at: final, withDestinationURL: target)
        case "a dangling symbolic link":
            try FileManager.default.createSymbolicLink(at: final, withDestinationURL: target)
        case "a FIFO":
            try #require(mkfifo(final.path, 0o600) == 0)
        default:
            try FileManager.default.createDirectory(at: final, withIntermediateDirectories: false)
        }
        let kind = what.hasSuffix("a FIFO") ? "a FIFO" : what.hasSuffix("directory") ? "a directory" : "a symbolic link"
        for force in [false, true] {
            #expect(throws: ExportError("\(final.path) is \(kind)", remedy: .neverReplaced)) { try destination.checkFree(force: force) }
        }
    }
}
