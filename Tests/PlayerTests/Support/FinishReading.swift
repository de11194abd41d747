import AppCore
import PlaybackStates
@testable import Player

/// The finish reason the app's playback session gives an end the player reported (the player
/// reports facts; `FinishClassifier` decides): these tests check both halves on real media.
extension PlayerSnapshot {
    var finish: FinishReason? { end.map { FinishClassifier.reason(for: $0) } }
}

extension PlayerUpdate.Kind {
    /// The finish reason of an `.ended` update, nil for any other.
    var finish: FinishReason? {
        if case .ended(let end) = self { FinishClassifier.reason(for: end) } else { nil }
    }
}
