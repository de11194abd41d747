import Foundation
import PlaybackStates

/// While a playback is prepared (media tokens, then in direct mode the playlist itself, before
/// the player has anything) the status bar shows the same words as while the player opens:
/// "connecting…", then "waiting for the server (N s)", counted by the tick. A slow server is
/// then visibly slow, not "stopped".
extension AppState {
    static func startPreparing(_ model: inout PlaybackModel, now: ContinuousClock.Instant) {
        model.preparingSince = now
        model.load = .connecting(waited: 0)
    }

    /// The tick: the seconds waited so far.
    mutating func countPreparing(now: ContinuousClock.Instant) {
        guard var model = playback, model.isPreparing, let since = model.preparingSince else { return }
        model.load = .connecting(waited: Int((now - since).components.seconds))
        playback = model
    }

    /// When the count next changes (a whole second after the start), while preparing.
    var preparingDeadline: ContinuousClock.Instant? {
        guard let model = playback, model.isPreparing, let since = model.preparingSince,
              case .connecting(let waited) = model.load else { return nil }
        return since + .seconds(waited + 1)
    }
}
