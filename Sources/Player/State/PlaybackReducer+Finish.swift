import PlaybackStates
/// Deciding how a playback finished: "ended" only at the real end (docs/playback.md).
extension PlaybackReducer {
    /// How close to the duration the position must be for "ended".
    static let endTolerance = 1.0

    /// END_FILE: an open failure, an end without keep-open, or a stop. The finish of an EOF or
    /// error is decided by ``settle()``.
    mutating func endFile(_ reason: MPVEvent.EndFile) -> [PlayerUpdate.Kind] {
        switch reason {
        case .eof:
            if snapshot.finish == nil, facts.pendingEnd == nil { facts.pendingEnd = .atEnd }
        case .error(let mpvMessage):
            if snapshot.finish == nil { facts.pendingEnd = .openFailure(mpvMessage) }
        case .stop, .quit:
            if snapshot.finish == nil { snapshot.finish = .userExited }
        case .redirect:
            return []
        }
        facts.loaded = false
        facts.seekDirection = nil
        facts.reloadTarget = nil
        facts.pausedForCache = false
        return []
    }

    /// Decides a pending finish; call after a drain has emptied mpv's queue, when the log lines
    /// that explain the end have arrived too.
    mutating func settle() -> [PlayerUpdate] {
        guard let pending = facts.pendingEnd, snapshot.playbackID != nil, !facts.userStopped else { return [] }
        facts.pendingEnd = nil
        switch pending {
        case .atEnd:
            return publish(finishAtEnd())
        case .openFailure(let mpvMessage):
            let updates = accessDeniedFromLog()
            if snapshot.finish == nil { snapshot.finish = .error(openFailureMessage(mpvMessage)) }
            return publish(updates)
        }
    }

    /// At `eof-reached` (or END_FILE EOF): ended, or an error when the stream stopped early or
    /// skipped failed segments.
    mutating func finishAtEnd() -> [PlayerUpdate.Kind] {
        let position = facts.timePos ?? storedPosition
        let analysis = LogAnalysis(facts.log)
        var updates = accessDeniedFromLog()
        let finish: FinishReason
        if let frames = configuration.frameLimit, analysis.segmentSummary == nil, analysis.lastCause == nil,
           facts.duration.map({ position < $0 - Self.endTolerance }) ?? true {
            // mpv ended the file at the frame limit (keep-open is off then): not an early end.
            finish = .frameLimitReached(frames: frames)
        } else if let duration = facts.duration, duration > 0, position < duration - Self.endTolerance {
            let clock = "\(PlaybackProgress.clock(position)) of \(PlaybackProgress.clock(duration))"
            let cause = analysis.segmentSummary ?? analysis.lastCause
            finish = .error("stream ended early at \(clock)" + (cause.map { ": \($0)" } ?? ""))
        } else if let summary = analysis.segmentSummary {
            finish = .error("played to the end but \(summary); that part was skipped")
        } else {
            finish = .ended
        }
        if snapshot.finish != finish { updates.append(.progress(progressNow)) }
        snapshot.finish = finish
        facts.finishedAtEnd = true
        return updates
    }

    /// The message for END_FILE with an error: mpv's code plus the log's cause, e.g.
    /// "could not open the media: HTTP error 404 Not Found (mpv: loading failed)".
    func openFailureMessage(_ mpvMessage: String) -> String {
        let analysis = LogAnalysis(facts.log)
        let what = facts.started ? "playback failed" : "could not open the media"
        if !facts.opened, analysis.lastCause == nil, let host = facts.host, Double(facts.waited) >= configuration.networkTimeout {
            // Every request timed out: ffmpeg then says only which segments failed and mpv
            // "unrecognized file format".
            let timeout = PlaybackProgress.seconds(configuration.networkTimeout)
            return "\(what): the server at \(host) did not answer within the network timeout of \(timeout) (mpv: \(mpvMessage))"
        }
        if let cause = analysis.lastCause ?? analysis.segmentSummary {
            return "\(what): \(cause) (mpv: \(mpvMessage))"
        }
        if let last = facts.log.last(where: { $0.level == "error" || $0.level == "fatal" }) ?? facts.log.last {
            return "\(what): \(mpvMessage) (\(last.text))"
        }
        return "\(what): \(mpvMessage)"
    }

    /// The stall watchdog fired: the playback finishes with an error naming where and why, e.g.
    /// "stalled for 30 s at 0:03 of 0:10 waiting for cdn.example:443: segment 2 failed (Connection
    /// timed out)"; while still connecting, "the server at cdn.example:443 sent nothing for 30 s".
    mutating func failStalled(after seconds: Double) -> [PlayerUpdate] {
        let waited = "\(Int(seconds.rounded())) s"
        if isConnecting {
            return fail("the server at \(facts.host ?? "the media URL") sent nothing for \(waited)")
        }
        let analysis = LogAnalysis(facts.log)
        let position = facts.timePos ?? storedPosition
        let clock = PlaybackProgress.clock(position) + (facts.duration.map { " of \(PlaybackProgress.clock($0))" } ?? "")
        let cause = analysis.segmentSummary ?? analysis.lastCause
        storedPosition = position
        let host = facts.host.map { " waiting for \($0)" } ?? ""
        return fail("stalled for \(waited) at \(clock)\(host)" + (cause.map { ": \($0)" } ?? ""))
    }

    /// `.accessDenied` once per playback when the kept log shows a 401/403.
    mutating func accessDeniedFromLog() -> [PlayerUpdate.Kind] {
        guard !facts.accessDeniedReported, let denied = LogAnalysis(facts.log).accessDenied else { return [] }
        facts.accessDeniedReported = true
        return [.accessDenied(AccessDenied(status: denied.status, position: storedPosition, message: denied.message))]
    }
}
