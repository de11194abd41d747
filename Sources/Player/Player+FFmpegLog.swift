import Foundation
import Synchronization
import SystemSupport

/// ffmpeg's log lines reach the player through the process's ``FFmpegLogAnchor`` (not through
/// the playback's own handle, see there) and are applied to the current playback as if its
/// handle had sent them.
extension Player {
    /// Subscribes at the configured level; each line is queued and the owner's loop woken.
    func subscribeToFFmpegLog() {
        let lines = ffmpegLines, pipe = wakeup.writeFD
        ffmpegSubscription = FFmpegLogAnchor.shared?.subscribe(level: configuration.logLevel) { line in
            if lines.append(line) { SelfPipe.write(1, to: pipe) }
        }
    }

    /// The queued lines, applied to the current playback (dropped when nothing plays: a line
    /// that arrives after a playback was finished and no new one began explains nothing).
    func applyFFmpegLines() -> [PlayerUpdate] {
        let lines = ffmpegLines.take()
        guard !lines.isEmpty, let id = reducer.snapshot.playbackID,
              handle != nil || reducer.facts.pendingEnd != nil else { return [] }
        return lines.flatMap { reducer.apply(MPVEvent(id, .log($0))) }
    }
}

/// The lines the anchor's thread delivered and the owner has not taken yet; bounded, so a
/// player whose owner stopped draining cannot grow without end (the oldest go first).
final class FFmpegLines: Sendable {
    static let capacity = 500
    private let lines = Mutex<[PlayerLogMessage]>([])

    /// Queues `line`; true when the queue was empty (the owner needs a wakeup).
    func append(_ line: PlayerLogMessage) -> Bool {
        lines.withLock { queued in
            if queued.count >= Self.capacity { queued.removeFirst() }
            queued.append(line)
            return queued.count == 1
        }
    }

    func take() -> [PlayerLogMessage] {
        lines.withLock { queued in
            defer { queued = [] }
            return queued
        }
    }
}
