import AppCore
import Synchronization

/// Passes an export's progress on at most every `interval` (and always the last piece), so a fast
/// download wakes the UI loop a few times a second rather than once per segment.
///
/// ```swift
/// let relay = ExportProgressRelay(interval: .milliseconds(250)) { inbox.post(.export(.progress($0))) }
/// try await exporter.run(plan, event: event, to: destination, force: false, progress: relay.offer)
/// ```
final class ExportProgressRelay: Sendable {
    private let interval: Duration
    private let post: @Sendable (ExportProgress) -> Void
    private let now: @Sendable () -> ContinuousClock.Instant
    private let last = Mutex<ContinuousClock.Instant?>(nil)

    init(interval: Duration = .milliseconds(250), now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
         post: @escaping @Sendable (ExportProgress) -> Void) {
        self.interval = interval
        self.now = now
        self.post = post
    }

    @Sendable func offer(_ progress: ExportProgress) {
        let instant = now()
        let due = last.withLock { last in
            guard progress.isComplete || last.map({ instant - $0 >= interval }) ?? true else { return false }
            last = instant
            return true
        }
        if due { post(progress) }
    }
}
