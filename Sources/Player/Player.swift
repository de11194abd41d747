import Foundation
import SystemSupport

/// Plays one ``MediaSource`` at a time through libmpv, driven by its owner's loop: no threads of
/// its own, no callbacks into Swift. The owner waits (``Poller``) on ``wakeupDescriptor`` until
/// ``nextDeadline``, calls ``drain()`` when it is readable and ``tick(now:)`` when the deadline
/// passes, and applies the returned ``PlayerUpdate``s.
///
/// ```swift
/// var configuration = PlayerConfiguration()
/// configuration.video = .none
/// let player = try Player(configuration: configuration)
/// try player.load(MediaSource(url: url, authorizationToken: token))
/// while player.snapshot.end == nil {
///     _ = try Poller.wait(for: [.readable(player.wakeupDescriptor)], until: player.nextDeadline)
///     for update in player.drain() + player.tick() { print(update) }
/// }
/// player.shutdown()
/// ```
///
/// Each load makes a new mpv handle with its own options (the token is a
/// header option, set before `mpv_initialize`) and a new ``PlaybackID``. The previous handle is
/// retired first: its wakeups stop at once and it is destroyed on a background queue (the
/// owner's thread never waits for mpv), so a new playback never sees the old one's events.
/// ``shutdown()`` (and `deinit`) wait until every retired handle is gone.
public final class Player {
    /// How handles are set up.
    public let configuration: PlayerConfiguration
    /// mpv's wakeup callback writes to it; the owner polls its read end.
    let wakeup: SelfPipe
    /// Destroys retired handles off the owner's thread.
    let destroyer = HandleDestroyer()
    var handle: MPVHandle?
    var reducer: PlaybackReducer
    /// Updates made by commands, delivered by the next `drain()`.
    var pending: [PlayerUpdate] = []
    var lastID = 0
    var loadStart: ContinuousClock.Instant?
    var deadline: ContinuousClock.Instant?
    /// When the current stall began (the watchdog's start).
    var stalledSince: ContinuousClock.Instant?
    /// When a pending end is reported: a moment after mpv reported the end, so the log lines that
    /// explain it (a 403, a failed segment) are in even when the machine is busy.
    var settleAfter: ContinuousClock.Instant?
    /// Whether playback was running when `interrupt()` paused it.
    var resumeAfterInterruption = false
    /// The current source's playlist when it is a local fMP4 one (positions are reached by
    /// reloading, see `FragmentedPlaylist`); nil otherwise.
    var fragmented: FragmentedPlaylist?
    /// Terminal video: output size, pixel buffer, latest frame (Player+Video.swift).
    var video = VideoOutput()
    /// ffmpeg's lines, from the process's ``FFmpegLogAnchor`` (Player+FFmpegLog.swift).
    let ffmpegLines = FFmpegLines()
    var ffmpegSubscription: FFmpegLogAnchor.Subscription?
    /// Screenshots sent to mpv and not answered yet (Player+Review.swift).
    var screenshots = ScreenshotRequests()

    /// Makes a player (no mpv handle yet). Sets `LC_NUMERIC` to "C", which libmpv requires even
    /// after the app's `setlocale(LC_ALL, "")`.
    public init(configuration: PlayerConfiguration = .init()) throws {
        setlocale(LC_NUMERIC, "C")
        self.configuration = configuration
        self.wakeup = try SelfPipe()
        self.reducer = PlaybackReducer(configuration: configuration)
        if configuration.readsFFmpegLog { subscribeToFFmpegLog() }
    }

    deinit {
        ffmpegSubscription?.cancel()
        retireHandle()
        destroyer.waitUntilIdle()
    }

    /// The descriptor to poll for reading; readable when ``drain()`` has work.
    public var wakeupDescriptor: Int32 { wakeup.readFD }

    /// The current state, progress included.
    public var snapshot: PlayerSnapshot {
        var snapshot = reducer.snapshot
        snapshot.progress = reducer.progressNow
        return snapshot
    }

    /// The current playback's recent warn/error lines from mpv (tokens redacted).
    public var recentLogMessages: [PlayerLogMessage] { reducer.recentLog }

    /// Starts playing `source` from `position` seconds as a new playback, replacing the current
    /// one (which ends as `.stopped`). Throws when mpv rejects an option (ours or a
    /// pass-through one) or cannot start; everything after that arrives as updates.
    ///
    /// ```swift
    /// let id = try player.load(MediaSource(url: url, authorizationToken: token), startAt: 42)
    /// ```
    /// With `id`, the playback keeps the owner's identity (a reload of the same playback, e.g. with
    /// fresh tokens, continues it: no `.ended(.stopped)` for it); without, the player numbers it.
    @discardableResult
    public func load(_ source: MediaSource, startAt position: Double = 0, as id: PlaybackID? = nil) throws -> PlaybackID {
        retireHandle()
        stalledSince = nil
        settleAfter = nil
        let id = id ?? PlaybackID(rawValue: lastID + 1)
        lastID = max(lastID, id.rawValue)
        let start = ContinuousClock.now
        loadStart = start
        queue(reducer.begin(id, source: source, start: position, host: MediaHost.of(source)))
        // A discontinuous event plays as one timeline of its parts (PartTimeline), where mpv seeks itself.
        fragmented = source.parts.count > 1 ? nil
            : FragmentedPlaylist(url: source.url) ?? source.playlistText.flatMap { FragmentedPlaylist(text: $0) }
        do {
            try openHandle(id, source: source, start: position, reload: position > 0 ? (direction: nil, resume: true) : nil)
        } catch {
            queue(reducer.end(.couldNotStart(String(describing: error))))
            throw error
        }
        reducer.snapshot.timeline.mpvOpen = ContinuousClock.now - start
        deadline = ContinuousClock.now + configuration.progressInterval
        return id
    }

    /// Destroys the current handle and waits until every handle retired before is destroyed
    /// too: no mpv thread is left when this returns. The player can load again.
    ///
    /// ```swift
    /// player.shutdown()
    /// preparer.removeAll()   // no mpv thread reads a private playlist any more
    /// ```
    public func shutdown() {
        retireHandle()
        deadline = nil
        destroyer.waitUntilIdle()
    }

    func queue(_ updates: [PlayerUpdate]) {
        guard !updates.isEmpty else { return }
        pending += updates
        wakeup.wake()
    }

    /// Seconds into the current playback now, for callers that compare it with a clock (a
    /// montage's tiles against its wall clock; ``snapshot``'s position is as old as the last drain): mpv's `time-pos` read synchronously (the frame on
    /// screen; it moves a frame at a time), plus the seconds played before the media's timestamps
    /// restarted, as ``snapshot``'s position counts them. Nil while nothing is loaded, before the
    /// first frame, during a seek or an fMP4 reload, and after a stop: there is no position to
    /// compare then.
    ///
    /// ```swift
    /// if let position = player.positionNow { drift = position - clockSeconds }
    /// ```
    public var positionNow: Double? {
        let facts = reducer.facts
        guard let handle, facts.loaded, facts.started, !facts.userStopped, facts.reloadTarget == nil,
              facts.seek == nil, let position = handle.double("time-pos") else { return nil }
        return position + facts.restartOffset
    }
}
