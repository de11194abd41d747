import Foundation

/// What a background export (the TUI's `e`) reports back to ``AppState``.
///
/// ```swift
/// inbox.post(.export(.started(eventID: "evt-1", file: "/home/u/Garage_2026-11-20_14-02-05.ts", isPartial: false)))
/// inbox.post(.export(.progress(progress)))
/// inbox.post(.export(.finished(file: "/home/u/Garage_2026-11-20_14-02-05.ts", bytes: 1_400_000)))
/// ```
public enum ExportUpdate: Sendable, Equatable {
    /// Planned: the file it writes; `isPartial` when the event is still recording.
    case started(eventID: String, file: String, isPartial: Bool)
    case progress(ExportProgress)
    /// Saved under its final name.
    case finished(file: String, bytes: Int)
    /// Stopped: `message` is one sentence the user can act on.
    case failed(message: String)
}
