/// Why a playback finished, as IJKPlayer's finish reasons (docs/playback.md).
///
/// ```swift
/// if case .finished(.error(let message)) = update.kind { statusBar.showError(message) }
/// ```
public enum FinishReason: Sendable, Hashable, CustomStringConvertible {
    /// Played to the real end: `eof-reached` with the position within about a second of the
    /// duration, and no segment failed on the way.
    case ended
    /// mpv could not open the media, or the stream stopped early or skipped failed segments;
    /// the message says where and why, e.g. "stream ended early at 0:04 of 0:10: segment 2
    /// failed (HTTP error 500 Internal Server Error)".
    case error(String)
    /// `stop`, quitting, or switching to another playback.
    case userExited
    /// ``PlayerConfiguration/frameLimit`` frames were played (`eventplayer play --frames N`).
    case frameLimitReached(frames: Int)

    public var description: String {
        switch self {
        case .ended: "ended"
        case .error(let message): "error: \(message)"
        case .userExited: "user exited"
        case .frameLimitReached(let frames): "stopped after \(frames) frames"
        }
    }
}
