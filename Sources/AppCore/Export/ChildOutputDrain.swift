import Foundation
import SystemSupport

/// Reads a child process's output pipe on a thread of its own while the child runs, keeping the
/// last `limit` bytes: a child that writes more than the pipe holds (64 KiB on Linux) would
/// otherwise block on the write and never exit.
///
/// ```swift
/// let errors = Pipe()
/// process.standardError = errors
/// let drain = ChildOutputDrain(errors.fileHandleForReading)
/// try process.run()
/// // … wait for the exit …
/// let text = await drain.text()
/// ```
final class ChildOutputDrain: Sendable {
    private let done = OneShot<Data, any Error>()

    /// Starts reading at once; `limit` bytes of the end are kept.
    init(_ handle: FileHandle, limit: Int = 16 << 10) {
        let done = self.done
        let thread = Thread {
            var kept = Data()
            while true {
                let chunk = handle.availableData   // blocks; empty at end of file
                if chunk.isEmpty { break }
                kept.append(chunk)
                if kept.count > 2 * limit { kept = kept.suffix(limit) }
            }
            done.resolve(.success(kept.suffix(limit)))
        }
        thread.name = "eventplayer.child-output"
        thread.start()
    }

    /// What was read (its last `limit` bytes), once the child closed its end.
    func text() async -> String {
        String(decoding: (try? await done.value()) ?? Data(), as: UTF8.self)
    }
}
