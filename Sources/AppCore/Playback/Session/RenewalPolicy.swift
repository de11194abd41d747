import PlaybackStates
import Player

/// When to ask the backend again for an event in progress whose video is a clip cut when it was
/// asked for (``EventsAPI/InProgressMedia/clipUntilAsked``): at once when the last clip brought
/// new video; after ``retryInterval`` when it brought none (playback caught up with what the server
/// has recorded, e.g. Frigate writes 10 s segments); and no more once ``patience`` seconds passed
/// without new video (the playback then ends with an error that says so, instead of waiting
/// forever on a camera that stopped recording).
///
/// ```swift
/// var policy = RenewalPolicy()
/// policy.wait(at: 40)   // .zero: the first clip ended at 0:40, ask now
/// policy.wait(at: 40)   // 2 s: the renewed clip, loaded at 0:40, brought nothing new
/// ```
struct RenewalPolicy: Sendable, Equatable {
    /// The wait before asking again when the last clip brought no new video.
    static let retryInterval: Duration = .seconds(2)
    /// Seconds without new video after which the playback stops asking.
    static let patience = 60.0
    /// Seconds a clip must have played past where it was loaded to count as new video.
    static let progress = 0.5

    /// Where the clip asked for last is loaded (the previous clip's end).
    private(set) var resumedAt: Double?
    /// Seconds waited in a row without new video.
    private(set) var waited = 0.0

    /// The wait before asking again, the clip having ended at `position`; nil once ``patience``
    /// is spent. Records `position` as where the next clip is loaded.
    mutating func wait(at position: Double) -> Duration? {
        defer { resumedAt = position }
        guard let resumedAt, position < resumedAt + Self.progress else {
            waited = 0
            return .zero
        }
        let next = waited + Double(Self.retryInterval.components.seconds)
        guard next <= Self.patience else { return nil }
        waited = next
        return Self.retryInterval
    }

    /// Why the playback stopped asking, at `position`.
    func givingUpMessage(at position: Double) -> String {
        "the event is still in progress but the server has had no new video of it for \(Int(Self.patience)) s "
            + "(at \(DurationText.clock(position)))"
    }
}
