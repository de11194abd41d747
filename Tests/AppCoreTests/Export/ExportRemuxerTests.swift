import Foundation
import TestSupport
import Testing
@testable import AppCore

/// `ExportRemuxer` with a stand-in for ffmpeg that writes more to stderr than a pipe holds.
@Suite struct ExportRemuxerTests {
    /// Before: the remuxer read stderr only after the exit, so a child writing > 64 KiB blocked
    /// on the full pipe and never exited (the hang guard below cancelled it).
    @Test func aChattyChildIsReadWhileItRunsAndItsLastLineIsTheMessage() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "remuxer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appending(path: "chatty-ffmpeg")
        try ExecutableScript.write("""
            #!/bin/sh
            i=0
            while [ $i -lt 3000 ]; do echo "warning line $i: padding padding padding padding padding padding" >&2; i=$((i+1)); done
            echo "the last line: cannot mux" >&2
            exit 1

            """, to: script)
        let remux = Task {
            try await ExportRemuxer(executable: script.path).remux(
                directory.appending(path: "in.ts"), to: directory.appending(path: "out.mp4"), format: .mp4)
        }
        let guardTask = Task {
            try await Task.sleep(for: .seconds(30))   // hang guard, not a timing assertion
            remux.cancel()
        }
        defer { guardTask.cancel() }
        do {
            try await remux.value
            Issue.record("the stand-in exits 1: the remux must fail")
        } catch let error as ExportError {
            #expect(String(describing: error).contains("the last line: cannot mux"), "\(error)")
        } catch {
            Issue.record("expected an ExportError naming ffmpeg's last line, got \(error) (the remuxer hung on a full pipe)")
        }
    }

    /// Before: one input, its own streams: a separate audio rendition could not be joined.
    @Test func aSeparateAudioRenditionIsASecondInputOfTheSamePart() {
        let part = URL(filePath: "/exports/clip.ts.part")
        let arguments = ExportRemuxer.arguments([.init(file: part, bytes: 0..<1000, streams: .video),
                                                 .init(file: part, bytes: 1000..<1500, streams: .audio)],
                                                output: URL(filePath: "/exports/clip.ts.remux.part"), format: .ts)
        let text = arguments.joined(separator: " ")
        #expect(text.contains("-i subfile,,start,0,end,1000,,:/exports/clip.ts.part"))
        #expect(text.contains("-i subfile,,start,1000,end,1500,,:/exports/clip.ts.part"))
        #expect(text.contains("-map 0:v -map 1:a -c copy -avoid_negative_ts make_zero -f mpegts"))
        #expect(arguments.contains("-copyts"), "one timeline for both renditions")
        #expect(arguments.filter { $0 == "-protocol_whitelist" }.count == 2)
        #expect(arguments.last == "/exports/clip.ts.remux.part")
        let whole = ExportRemuxer.arguments([.init(file: part)], output: URL(filePath: "/o.mp4"), format: .mp4).joined(separator: " ")
        #expect(whole.contains("-i /exports/clip.ts.part -map 0:v? -map 0:a? -c copy -f mp4 -movflags +faststart /o.mp4"))
    }
}
