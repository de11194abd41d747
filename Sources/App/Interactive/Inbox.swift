import Foundation
import Playlist
import SystemSupport
import TUI

/// Where async work leaves its results for the UI thread: inputs for the reducer, and prepared
/// playbacks keyed by generation (the reducer decides whether to load or discard them).
/// Posting wakes the loop through the app's `SelfPipe`.
// reason: every stored var is read and written under `lock` (NSLock; the lead's rewrite of Interactive replaces it).
final class Inbox: @unchecked Sendable {
    /// A prepared playback waiting for the UI thread.
    struct Entry: Sendable {
        var prepared: PreparedPlayback
        var startAt: Double
        var requestedAt: ContinuousClock.Instant
        var readyAt: ContinuousClock.Instant
    }

    private let lock = NSLock()
    private var inputs: [AppInput] = []
    private var entries: [Int: Entry] = [:]
    let wake: SelfPipe

    init(wake: SelfPipe) {
        self.wake = wake
    }

    func post(_ input: AppInput, entry: (generation: Int, value: Entry)? = nil) {
        lock.withLock {
            inputs.append(input)
            if let entry { entries[entry.generation] = entry.value }
        }
        wake.wake()
    }

    func takeInputs() -> [AppInput] {
        lock.withLock {
            defer { inputs = [] }
            return inputs
        }
    }

    func takeEntry(_ generation: Int) -> Entry? {
        lock.withLock { entries.removeValue(forKey: generation) }
    }

    /// Every entry left (at exit).
    func takeAllEntries() -> [Entry] {
        lock.withLock {
            defer { entries = [:] }
            return Array(entries.values)
        }
    }
}
