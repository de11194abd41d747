import Foundation
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
        try """
            #!/bin/sh
            i=0
            while [ $i -lt 3000 ]; do echo "warning line $i: padding padding padding padding padding padding" >&2; i=$((i+1)); done
            echo "the last line: cannot mux" >&2
            exit 1

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
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
}
