import PlaybackStates
import Player

/// How often media tokens may be refreshed for one playback: a refusal after playback moved on
/// is a new expiry (refresh again); refusals at the same position mean the server keeps
/// refusing fresh tokens, so after ``limit`` of them the playback gives up with an error that
/// says so (instead of reloading forever).
///
/// ```swift
/// var policy = TokenRefreshPolicy()
/// if policy.allows(at: 2) { policy.record(at: 2) }   // reload at 0:02
/// ```
struct TokenRefreshPolicy: Sendable, Equatable {
    /// Refreshes in a row without progress before giving up.
    static let limit = 3
    /// Seconds playback must have moved on for a refusal to count as a new expiry.
    static let progress = 1.0

    /// Refreshes in a row at (about) the same position.
    private(set) var stuck = 0
    /// Where the last refresh resumed.
    private(set) var lastPosition: Double?

    func allows(at position: Double) -> Bool {
        guard let lastPosition, position < lastPosition + Self.progress else { return true }
        return stuck < Self.limit
    }

    mutating func record(at position: Double) {
        if let lastPosition, position < lastPosition + Self.progress { stuck += 1 } else { stuck = 1 }
        lastPosition = position
    }

    func givingUpMessage(_ denied: AccessDenied) -> String {
        "the server keeps refusing fresh media tokens (HTTP \(denied.status) at \(DurationText.clock(denied.position)) after \(stuck) refreshes)"
    }
}
