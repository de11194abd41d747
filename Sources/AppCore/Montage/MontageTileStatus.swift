import Foundation
import PlaybackStates

/// What a montage's tile is doing, in words the TUI can show on the tile: "no recording · next
/// 14:05", "loading", "playing", "paused", "ended", or the playback's error message. Derived
/// (pure) from the tile's plan and its playback's state.
///
/// ```swift
/// MontageTileStatus.noRecording(next: date).text(in: .current)   // "no recording · next 14:05"
/// MontageTileStatus.failed("segment0.ts failed: HTTP 500 after 4 attempts").description
/// ```
public enum MontageTileStatus: Sendable, Equatable, CustomStringConvertible {
    /// The camera has no footage at the clock's moment; its next event starts at `next` (nil:
    /// none loaded). The tile joins then.
    case noRecording(next: Date?)
    /// Being prepared or loaded, or seeking, before its frame is there; `notice` is the latest
    /// thing the network layer gave up on meanwhile (a segment), if any.
    case loading(notice: String?)
    case playing
    case paused
    /// The media ended before the event did (the tile shows its last frame until the plan moves on).
    case ended
    /// The playback failed: its message (the others play on).
    case failed(String)

    /// The status of a tile whose plan says `planned` and whose playback is in `phase` (nil:
    /// none yet), with the player in `playback` after the first frame was (`started`) or was not
    /// shown yet; `notice` is the latest network notice of the playback.
    public static func of(planned: MontagePlan.TileState, phase: PlaybackSession.Phase?, playback: PlaybackState?,
                          started: Bool, notice: String?) -> MontageTileStatus {
        if case .noRecording(let next) = planned { return .noRecording(next: next) }
        switch phase {
        case nil, .idle, .preparing:
            return .loading(notice: notice)
        case .refreshing:
            return .loading(notice: "refreshing access")
        case .renewing, .checking:
            return .loading(notice: notice)
        case .finished(.error(let message)):
            return .failed(message)
        case .finished:
            return .ended
        case .loaded:
            guard started else { return .loading(notice: notice) }
            switch playback {
            case .playing: return .playing
            case .paused, .interrupted: return .paused
            default: return .loading(notice: notice)
            }
        }
    }

    /// The short text, times in `timeZone` ("14:05", or "14:05:30" when not on the minute).
    public func text(in timeZone: TimeZone) -> String {
        switch self {
        case .noRecording(let next):
            guard let next else { return "no recording" }
            return "no recording · next \(Self.clock(next, in: timeZone))"
        case .loading(let notice): return notice.map { "loading · \($0)" } ?? "loading"
        case .playing: return "playing"
        case .paused: return "paused"
        case .ended: return "ended"
        case .failed(let message): return message
        }
    }

    /// ``text(in:)`` in the local time zone.
    public var description: String { text(in: .current) }

    private static func clock(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        let hour = parts.hour ?? 0, minute = parts.minute ?? 0, second = parts.second ?? 0
        let base = "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
        return second == 0 ? base : base + ":\(second < 10 ? "0" : "")\(second)"
    }
}
