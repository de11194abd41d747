/// One libmpv event, decoded into Swift values at the C boundary (see `MPVEventDecoder`), tagged
/// with the playback whose handle produced it. The reducer consumes only these, so it is tested
/// without libmpv.
struct MPVEvent: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case startFile
        case fileLoaded
        case endFile(EndFile)
        case seek
        case playbackRestart
        case property(MPVProperty)
        case log(PlayerLogMessage)
        /// A reply to an async command or property set; `error` is mpv's error string.
        case reply(error: String?)
        /// The reply to a command sent with ``MPVHandle/command(_:tag:)`` (a screenshot).
        case taggedReply(tag: UInt64, error: String?)
        case shutdown
        case other(String)
    }

    /// END_FILE's reason; `error` carries `mpv_error_string` of the event's error code.
    enum EndFile: Sendable, Equatable {
        case eof, stop, quit, redirect
        case error(String)
    }

    var playbackID: PlaybackID
    var kind: Kind

    init(_ playbackID: PlaybackID, _ kind: Kind) {
        self.playbackID = playbackID
        self.kind = kind
    }
}

/// An observed property's new value; nil when mpv reports it unavailable (MPV_FORMAT_NONE).
enum MPVProperty: Sendable, Equatable {
    case pause(Bool)
    case coreIdle(Bool)
    case idleActive(Bool)
    case timePos(Double?)
    case duration(Double?)
    case seeking(Bool)
    case pausedForCache(Bool)
    case cacheBufferingState(Int?)
    case demuxerCacheState(DemuxerCacheState?)
    case eofReached(Bool)
    case mute(Bool)
    case volume(Double?)
}

/// The parts of mpv's `demuxer-cache-state` node map the player uses.
struct DemuxerCacheState: Sendable, Equatable {
    /// `eof-cached`: the demuxer has read to the end.
    var eofCached: Bool
    /// `cache-duration`: seconds buffered ahead of the reader.
    var cacheDuration: Double?
    /// `seekable-ranges`: spans a seek can be served from the cache (mpv's timestamps).
    var seekableRanges: [ClosedRange<Double>] = []
}

/// The properties observed on every handle, with their mpv names; the raw value is the
/// `reply_userdata` of the observation.
enum ObservedProperty: UInt64, CaseIterable, Sendable {
    case pause = 1, coreIdle, idleActive, timePos, duration, seeking, pausedForCache
    case cacheBufferingState, demuxerCacheState, eofReached, mute, volume

    var name: String {
        switch self {
        case .pause: "pause"
        case .coreIdle: "core-idle"
        case .idleActive: "idle-active"
        case .timePos: "time-pos"
        case .duration: "duration"
        case .seeking: "seeking"
        case .pausedForCache: "paused-for-cache"
        case .cacheBufferingState: "cache-buffering-state"
        case .demuxerCacheState: "demuxer-cache-state"
        case .eofReached: "eof-reached"
        case .mute: "mute"
        case .volume: "volume"
        }
    }

    /// How the property is observed: flag, double, int64 or node.
    enum Format { case flag, double, int64, node }

    var format: Format {
        switch self {
        case .pause, .coreIdle, .idleActive, .seeking, .pausedForCache, .eofReached, .mute: .flag
        case .timePos, .duration, .volume: .double
        case .cacheBufferingState: .int64
        case .demuxerCacheState: .node
        }
    }
}
