import AppCore
import Foundation
import Testing

@Suite("Export naming, destination and progress text")
struct ExportNamingTests {
    let utc = TimeZone(identifier: "UTC")!
    // 2026-11-20 14:02:05 UTC
    let start = Date(timeIntervalSince1970: 1_795_183_325)

    @Test func defaultNameIsCameraAndLocalStartTime() {
        #expect(ExportNaming.defaultName(camera: "Front Door", start: start, format: .ts, timeZone: utc) == "Front-Door_2026-11-20_14-02-05.ts")
        let paris = TimeZone(identifier: "Europe/Paris")!
        #expect(ExportNaming.defaultName(camera: "Garage", start: start, format: .mp4, timeZone: paris) == "Garage_2026-11-20_15-02-05.mp4")
    }

    @Test("awkward camera names", arguments: [
        ("../../etc/passwd", "etc-passwd"), ("Cam/1: Hof", "Cam-1-Hof"), ("  ", "event"), (".hidden", "hidden"), ("Küche", "Küche"),
    ])
    func awkwardCameraNamesAreSafe(camera: String, expected: String) {
        #expect(ExportNaming.defaultName(camera: camera, start: start, format: .ts, timeZone: utc) == "\(expected)_2026-11-20_14-02-05.ts")
    }

    @Test func destinationIsAFileADirectoryOrTheCurrentDirectory() throws {
        let cwd = FileManager.default.temporaryDirectory.appending(path: "dest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cwd.appending(path: "clips"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cwd) }
        #expect(ExportDestination(output: nil, defaultName: "a.ts", currentDirectory: cwd).final.path == cwd.appending(path: "a.ts").path)
        #expect(ExportDestination(output: "clips", defaultName: "a.ts", currentDirectory: cwd).final.path == cwd.appending(path: "clips/a.ts").path)
        #expect(ExportDestination(output: "new/", defaultName: "a.ts", currentDirectory: cwd).final.path == cwd.appending(path: "new/a.ts").path)
        let file = ExportDestination(output: "/tmp/x.mp4", defaultName: "a.ts", currentDirectory: cwd)
        #expect(file.final.path == "/tmp/x.mp4")
        #expect(file.part.path == "/tmp/x.mp4.part")
        #expect(file.journal.path == "/tmp/x.mp4.part.json")
    }

    @Test func formatsFromArgumentsAndExtensions() {
        #expect(ExportFormat(argument: "MP4") == .mp4)
        #expect(ExportFormat(argument: "mkv") == nil)
        #expect(ExportFormat(pathExtension: "ts") == .ts)
    }

    @Test func progressLineShowsSegmentsBytesRateAndETA() {
        let progress = ExportProgress(piecesDone: 3, pieceCount: 6, bytes: 600_000, bytesThisRun: 400_000, elapsed: 2)
        #expect(progress.rate == 200_000)
        #expect(progress.eta == 3)
        #expect(progress.line() == "3/6 segments  600 KB  200 KB/s  ETA 0:03")
        let bar = progress.bar(width: 70)
        #expect(bar.count == 70)
        #expect(bar.hasPrefix("[==="))
        #expect(bar.hasSuffix("3/6  600 KB  200 KB/s  ETA 0:03"))
    }

    @Test func progressBeforeAnyDataAndWhenDone() {
        let starting = ExportProgress(piecesDone: 0, pieceCount: 5, bytes: 0, bytesThisRun: 0, elapsed: 0)
        #expect(starting.line() == "0/5 segments  0 B  – B/s  ETA –:––")
        #expect(starting.bar(width: 60).hasPrefix("[>"))
        let done = ExportProgress(piecesDone: 5, pieceCount: 5, bytes: 2_500_000, bytesThisRun: 2_500_000, elapsed: 1)
        #expect(done.line() == "5/5 segments  2.5 MB  2.5 MB/s  done")
        #expect(done.bar(width: 60).contains("[====="))
        #expect(!done.bar(width: 60).contains(">"))
    }

    @Test func byteSizes() {
        #expect(ExportProgress.bytes(999) == "999 B")
        #expect(ExportProgress.bytes(1_499) == "1 KB")
        #expect(ExportProgress.bytes(1_400_000) == "1.4 MB")
        #expect(ExportProgress.bytes(2_100_000_000) == "2.1 GB")
    }
}
