import Foundation

/// `evt-live`'s clock: it starts at the first request for its playlist; one more segment
/// appears every `interval`, and after all of them `#EXT-X-ENDLIST` (and an `endTime`).
actor LiveClock {
    struct State: Sendable, Equatable {
        /// Segments listed in the playlist now.
        let visibleSegments: Int
        let ended: Bool
    }

    private let interval: TimeInterval
    private let totalSegments: Int
    private var firstRequest: Date?

    init(interval: TimeInterval, totalSegments: Int) {
        self.interval = max(interval, 0.001)
        self.totalSegments = totalSegments
    }

    /// The state at `now`, starting the clock on the first call.
    func playlistRequested(now: Date = Date()) -> State {
        let start = firstRequest ?? now
        firstRequest = start
        let elapsed = now.timeIntervalSince(start)
        let visible = min(totalSegments, 1 + Int((elapsed / interval).rounded(.down)))
        return State(visibleSegments: visible, ended: elapsed >= interval * Double(totalSegments))
    }

    /// When the live event ended (for its `endTime`), nil while it is still live.
    func endTime(now: Date = Date()) -> Date? {
        guard let firstRequest else { return nil }
        let end = firstRequest.addingTimeInterval(interval * Double(totalSegments))
        return end <= now ? end : nil
    }
}
