import PlaybackStates
import Player

/// Decides why a playback finished from what the player saw (``PlaybackEnd``) and what the network
/// layer gave up on: "ended" only at the real end (docs/playback.md). Pure; the
/// ``PlaybackSession`` is its one caller, so every front end shows the same reason and message.
///
/// ```swift
/// let end = PlaybackEnd.endOfFile(EndOfFile(position: 4, duration: 10, log: LogFindings(segmentSummary: "segment 2 failed")))
/// FinishClassifier.reason(for: end)   // .error("stream ended early at 0:04 of 0:10: segment 2 failed")
/// ```
public enum FinishClassifier {
    /// How close to the duration the position must be for "ended".
    public static let endTolerance = 1.0

    /// The finish reason for `end`. `notices` are what the network layer gave up on during this
    /// load (a segment the proxy could not fetch): with them an end of file is not "ended".
    public static func reason(for end: PlaybackEnd, notices: [String] = []) -> FinishReason {
        switch end {
        case .endOfFile(let end):
            let reason = endOfFile(end)
            if reason == .ended, !notices.isEmpty {
                // The network layer gave up on a piece and mpv skipped it: the player (which
                // cannot read whose ffmpeg lines are whose) saw a whole playback.
                return .error("played to the end; that part was skipped")
            }
            return reason
        case .failed(let failure): return .error(message(for: failure))
        case .stalled(let stall): return .error(message(for: stall))
        case .couldNotStart(let message): return .error(message)
        case .stopped: return .userExited
        }
    }

    /// Ended, the frame limit, or an error when the stream stopped early or skipped failed segments.
    static func endOfFile(_ end: EndOfFile) -> FinishReason {
        let cause = end.log.segmentSummary ?? end.log.lastCause
        let early = end.duration.map { $0 > 0 && end.position < $0 - endTolerance } ?? false
        if let frames = end.frameLimit, end.log.segmentSummary == nil, end.log.lastCause == nil,
           end.duration.map({ end.position < $0 - endTolerance }) ?? true {
            // mpv ended the file at the frame limit (keep-open is off then): not an early end.
            return .frameLimitReached(frames: frames)
        }
        if early, let duration = end.duration {
            let clock = "\(DurationText.clock(end.position)) of \(DurationText.clock(duration))"
            return .error("stream ended early at \(clock)" + (cause.map { ": \($0)" } ?? ""))
        }
        if let summary = end.log.segmentSummary {
            return .error("played to the end but \(summary); that part was skipped")
        }
        return .ended
    }

    /// "could not open the media: HTTP error 404 Not Found (mpv: loading failed)": mpv's words
    /// plus the cause the log names.
    static func message(for failure: MediaFailure) -> String {
        let what = failure.started ? "playback failed" : "could not open the media"
        if !failure.opened, failure.log.lastCause == nil, let host = failure.host, Double(failure.waited) >= failure.networkTimeout {
            // Every request timed out: ffmpeg then says only which segments failed and mpv
            // "unrecognized file format".
            let timeout = PlaybackProgress.seconds(failure.networkTimeout)
            return "\(what): the server at \(host) did not answer within the network timeout of \(timeout) (mpv: \(failure.mpvMessage))"
        }
        if let cause = failure.log.lastCause ?? failure.log.segmentSummary {
            return "\(what): \(cause) (mpv: \(failure.mpvMessage))"
        }
        if let last = failure.log.lastLine {
            return "\(what): \(failure.mpvMessage) (\(last))"
        }
        return "\(what): \(failure.mpvMessage)"
    }

    /// "stalled for 30 s at 0:03 of 0:10 waiting for cdn.example:443: segment 2 failed (Connection
    /// timed out)"; while still connecting, "the server at cdn.example:443 sent nothing for 30 s".
    static func message(for stall: Stall) -> String {
        let waited = "\(Int(stall.seconds.rounded())) s"
        if stall.connecting {
            return "the server at \(stall.host ?? "the media URL") sent nothing for \(waited)"
        }
        let clock = DurationText.clock(stall.position) + (stall.duration.map { " of \(DurationText.clock($0))" } ?? "")
        let cause = stall.log.segmentSummary ?? stall.log.lastCause
        let host = stall.host.map { " waiting for \($0)" } ?? ""
        return "stalled for \(waited) at \(clock)\(host)" + (cause.map { ": \($0)" } ?? "")
    }
}
