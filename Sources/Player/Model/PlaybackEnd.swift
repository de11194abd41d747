import PlaybackStates
/// How a playback's media stopped, as the player saw it: facts, not a verdict. The player reports
/// it once per end (``PlayerUpdate/Kind/ended(_:)``); the app's `PlaybackSession` decides the
/// ``FinishReason`` from it (`FinishClassifier`, docs/architecture.md "Who owns what"), so "ended",
/// "stream ended early" and the messages that name a failure are decided in one place.
///
/// ```swift
/// case .ended(.endOfFile(let end)):
///     print("mpv reached the end at \(DurationText.clock(end.position))")
/// ```
public enum PlaybackEnd: Sendable, Equatable, CustomStringConvertible {
    /// mpv reached the end of the file (`eof-reached` with keep-open, or END_FILE with EOF).
    case endOfFile(EndOfFile)
    /// END_FILE with an error: mpv could not open the media, or stopped reading it.
    case failed(MediaFailure)
    /// The stall watchdog gave up: nothing arrived for ``Stall/seconds``.
    case stalled(Stall)
    /// mpv rejected an option or could not start (the message says which).
    case couldNotStart(String)
    /// The owner stopped it (`stop`, a new load replacing it) or mpv quit.
    case stopped

    public var description: String {
        switch self {
        case .endOfFile(let end): "end of file at \(DurationText.clock(end.position))"
        case .failed(let failure): "failed: \(failure.mpvMessage)"
        case .stalled(let stall): "stalled for \(PlaybackProgress.seconds(stall.seconds))"
        case .couldNotStart(let message): "could not start: \(message)"
        case .stopped: "stopped"
        }
    }
}

/// What the kept warn/error log lines of a playback say about failures (ffmpeg reports a failed
/// HLS request only there; see `LogAnalysis`).
public struct LogFindings: Sendable, Equatable {
    /// "segment 2 failed (HTTP error 500 Internal Server Error)": segments ffmpeg skipped.
    public var segmentSummary: String?
    /// The last line that names a cause (an HTTP error, a refused connection, a timeout).
    public var lastCause: String?
    /// The last line logged at all (the most recent error if there is one), for an END_FILE
    /// error that names no cause.
    public var lastLine: String?

    public init(segmentSummary: String? = nil, lastCause: String? = nil, lastLine: String? = nil) {
        self.segmentSummary = segmentSummary
        self.lastCause = lastCause
        self.lastLine = lastLine
    }
}

/// The facts of an end of file.
public struct EndOfFile: Sendable, Equatable {
    /// Where playback was when mpv reported the end (seconds in the event).
    public var position: Double
    /// The media's duration, nil when unknown.
    public var duration: Double?
    /// The player's ``PlayerConfiguration/frameLimit`` (mpv ends the file there, keep-open off).
    public var frameLimit: Int?
    public var log: LogFindings

    public init(position: Double, duration: Double?, frameLimit: Int? = nil, log: LogFindings = .init()) {
        self.position = position
        self.duration = duration
        self.frameLimit = frameLimit
        self.log = log
    }
}

/// The facts of an END_FILE with an error.
public struct MediaFailure: Sendable, Equatable {
    /// mpv's own words for it ("loading failed", "unrecognized file format").
    public var mpvMessage: String
    /// The first frame had been shown (so playback failed, rather than the open).
    public var started: Bool
    /// FILE_LOADED was seen: something arrived from the server.
    public var opened: Bool
    /// Whole seconds waited since the load while nothing arrived.
    public var waited: Int
    /// `host:port` of the media, when known.
    public var host: String?
    /// The player's network timeout (seconds).
    public var networkTimeout: Double
    public var log: LogFindings

    public init(mpvMessage: String, started: Bool = false, opened: Bool = false, waited: Int = 0,
                host: String? = nil, networkTimeout: Double = 10, log: LogFindings = .init()) {
        self.mpvMessage = mpvMessage
        self.started = started
        self.opened = opened
        self.waited = waited
        self.host = host
        self.networkTimeout = networkTimeout
        self.log = log
    }
}

/// The facts of a stall the watchdog gave up on.
public struct Stall: Sendable, Equatable {
    /// How long nothing arrived.
    public var seconds: Double
    /// Nothing had arrived since the load (still connecting).
    public var connecting: Bool
    /// `host:port` of the media, when known.
    public var host: String?
    /// Where playback stood, and the duration when known.
    public var position: Double
    public var duration: Double?
    public var log: LogFindings

    public init(seconds: Double, connecting: Bool, host: String?, position: Double, duration: Double?, log: LogFindings = .init()) {
        self.seconds = seconds
        self.connecting = connecting
        self.host = host
        self.position = position
        self.duration = duration
        self.log = log
    }
}
