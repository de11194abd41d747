/// Noticing how a playback's media stopped and reporting the facts (``PlaybackEnd``); the app's
/// playback session decides what they mean (ended, an error, the frame limit).
extension PlaybackReducer {
    /// END_FILE: an open failure, an end without keep-open, or a stop. An EOF or an error is
    /// reported by ``settle()``, once the log lines that explain it are in.
    mutating func endFile(_ reason: MPVEvent.EndFile) -> [PlayerUpdate.Kind] {
        switch reason {
        case .eof:
            if snapshot.end == nil, facts.pendingEnd == nil { facts.pendingEnd = .atEnd }
        case .error(let mpvMessage):
            if snapshot.end == nil { facts.pendingEnd = .openFailure(mpvMessage) }
        case .stop, .quit:
            if snapshot.end == nil { snapshot.end = .stopped }
        case .redirect:
            return []
        }
        facts.loaded = false
        facts.seek = nil
        facts.reloadTarget = nil
        facts.pausedForCache = false
        return []
    }

    /// Reports a pending end; call after a drain has emptied mpv's queue, when the log lines
    /// that explain the end have arrived too.
    mutating func settle() -> [PlayerUpdate] {
        guard let pending = facts.pendingEnd, snapshot.playbackID != nil, !facts.userStopped else { return [] }
        facts.pendingEnd = nil
        switch pending {
        case .atEnd:
            return publish(endOfFile())
        case .openFailure(let mpvMessage):
            let updates = accessDeniedFromLog()
            if snapshot.end == nil { snapshot.end = .failed(failure(mpvMessage)) }
            return publish(updates)
        }
    }

    /// At `eof-reached` (or END_FILE EOF): where playback stood, the duration and what the log says.
    mutating func endOfFile() -> [PlayerUpdate.Kind] {
        let position = facts.timePos ?? self.position
        var updates = accessDeniedFromLog()
        let end = PlaybackEnd.endOfFile(EndOfFile(position: position, duration: facts.duration,
                                                  frameLimit: configuration.frameLimit, log: findings))
        if snapshot.end != end { updates.append(.progress(progressNow)) }
        snapshot.end = end
        facts.endedAtEOF = true
        return updates
    }

    /// The facts of an END_FILE with an error.
    func failure(_ mpvMessage: String) -> MediaFailure {
        MediaFailure(mpvMessage: mpvMessage, started: facts.started, opened: facts.opened, waited: facts.waited,
                     host: facts.host, networkTimeout: configuration.networkTimeout, log: findings)
    }

    /// The stall watchdog fired after `seconds` with nothing arriving: the playback ends as a stall.
    mutating func failStalled(after seconds: Double) -> [PlayerUpdate] {
        let position = facts.timePos ?? self.position
        let stall = Stall(seconds: seconds, connecting: isConnecting, host: facts.host, position: position,
                          duration: facts.duration, log: findings)
        facts.lastReported = position
        return end(.stalled(stall))
    }

    /// What the kept log says, for an end's facts.
    var findings: LogFindings {
        let analysis = LogAnalysis(facts.log)
        let last = facts.log.last(where: { $0.level == "error" || $0.level == "fatal" }) ?? facts.log.last
        return LogFindings(segmentSummary: analysis.segmentSummary, lastCause: analysis.lastCause, lastLine: last?.text)
    }

    /// `.accessDenied` once per playback when the kept log shows a 401/403.
    mutating func accessDeniedFromLog() -> [PlayerUpdate.Kind] {
        guard !facts.accessDeniedReported, let denied = LogAnalysis(facts.log).accessDenied else { return [] }
        facts.accessDeniedReported = true
        return [.accessDenied(AccessDenied(status: denied.status, position: position, message: denied.message))]
    }
}
