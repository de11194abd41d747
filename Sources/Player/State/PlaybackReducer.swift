import SystemSupport

/// The pure state machine from decoded mpv events (and the owner's commands) to
/// ``PlayerSnapshot`` and ``PlayerUpdate``s: the state table of docs/playback.md. No libmpv, no clock:
/// the player feeds it `MPVEvent`s and applies the returned updates.
///
/// ```swift
/// var reducer = PlaybackReducer(configuration: .init())
/// _ = reducer.begin(PlaybackID(rawValue: 1), source: source, start: 0)
/// let updates = reducer.apply(MPVEvent(PlaybackID(rawValue: 1), .fileLoaded))
/// ```
struct PlaybackReducer: Sendable {
    let configuration: PlayerConfiguration
    /// The derived state, as last published (progress is kept current).
    var snapshot = PlayerSnapshot()
    /// Facts of the current playback.
    var facts = PlaybackFacts()
    /// The progress last returned in a `.progress` update.
    var publishedProgress: PlaybackProgress?
    /// What updates have told the owner so far.
    var published: Published?

    init(configuration: PlayerConfiguration) {
        self.configuration = configuration
        snapshot.speed = configuration.speed
    }

    var playbackID: PlaybackID? { snapshot.playbackID }

    /// Applies one decoded event; events of another playback are dropped (returns []).
    mutating func apply(_ event: MPVEvent) -> [PlayerUpdate] {
        guard let id = snapshot.playbackID, event.playbackID == id, !facts.userStopped else { return [] }
        var extra: [PlayerUpdate.Kind] = []
        switch event.kind {
        case .startFile:
            break
        case .fileLoaded:
            facts.loaded = true
            facts.opened = true
        case .endFile(let reason):
            extra += endFile(reason)
        case .seek:
            break
        case .playbackRestart:
            if facts.reloadTarget != nil { facts.reloadRestarted = true } else { facts.seek = nil }
            if !facts.started {
                facts.started = true
                extra.append(.firstFrame)
            }
            extra.append(.progress(progressNow))
        case .property(let property):
            extra += apply(property)
        case .log(let message):
            extra += keep(message)
        case .reply(let error):
            if error != nil { facts.seek = nil }
        case .taggedReply:
            break   // the player's own requests (screenshots), answered by the player
        case .shutdown:
            facts.loaded = false
        case .other:
            break
        }
        return publish(extra)
    }

    private mutating func apply(_ property: MPVProperty) -> [PlayerUpdate.Kind] {
        switch property {
        case .pause(let value):
            facts.pause = value
            return pausedProgress
        case .coreIdle(let value): facts.coreIdle = value
        case .idleActive(let value): facts.idleActive = value
        case .timePos(let value):
            noteTimestamps(value)
            facts.mpvTimePos = value
            if let value = facts.timePos, facts.loaded, facts.reloadTarget == nil { facts.lastReported = value }
            return pausedProgress
        case .duration(let value): facts.duration = value.map { $0 + facts.timeOffset }
        case .seeking: break
        case .pausedForCache(let value): facts.pausedForCache = value
        case .cacheBufferingState(let value): facts.bufferingPercent = value
        case .demuxerCacheState(let value): facts.cache = value
        case .eofReached(let value):
            facts.eofReached = value
            if value {
                facts.seek = nil
                if facts.loaded, snapshot.end == nil { facts.pendingEnd = .atEnd }
            } else if facts.loaded, facts.endedAtEOF || facts.pendingEnd == .atEnd {
                // Seeking back from the end (keep-open); an unloaded file's eof-reached going
                // away (END_FILE without keep-open, e.g. `--frames`) changes nothing.
                facts.pendingEnd = nil
                facts.endedAtEOF = false
                snapshot.end = nil
            }
        case .mute(let value): snapshot.muted = value
        case .volume(let value): if let value { snapshot.volume = value }
        }
        return []
    }

    private mutating func keep(_ message: PlayerLogMessage) -> [PlayerUpdate.Kind] {
        facts.log.append(message)
        if facts.log.count > max(configuration.logCapacity, 1) { facts.log.removeFirst(facts.log.count - configuration.logCapacity) }
        guard !facts.accessDeniedReported, let denied = LogAnalysis([message]).accessDenied else { return [] }
        facts.accessDeniedReported = true
        let redacted = Redactor.shared.redact(denied.message)
        return [.accessDenied(AccessDenied(status: denied.status, position: position, message: redacted))]
    }

    /// Recent warn/error log lines of the current playback.
    var recentLog: [PlayerLogMessage] { facts.log }
}
