import Foundation

/// Plays one ``MediaSource`` at a time through libmpv, driven by its owner's loop: no threads of
/// its own, no callbacks into Swift. The owner polls ``wakeupDescriptor`` (with a timeout from
/// ``nextDeadline``), calls ``drain()`` when it is readable and ``tick(now:)`` when the deadline
/// passes, and applies the returned ``PlayerUpdate``s.
///
/// ```swift
/// var configuration = PlayerConfiguration()
/// configuration.video = .none
/// let player = try Player(configuration: configuration)
/// try player.load(MediaSource(url: url, authorizationToken: token))
/// while player.snapshot.finish == nil {
///     var fds = [pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)]
///     _ = poll(&fds, 1, player.pollTimeout())
///     for update in player.drain() + player.tick() { print(update) }
/// }
/// player.shutdown()
/// ```
///
/// Each load (and a play after stop) makes a new mpv handle with its own options (the token is a
/// header option, set before `mpv_initialize`) and a new ``PlaybackID``; the previous handle is
/// destroyed first, so a new playback never sees the old one's events.
public final class Player {
    /// How handles are set up.
    public let configuration: PlayerConfiguration
    let wakeup: WakeupPipe
    var handle: MPVHandle?
    var reducer: PlaybackReducer
    /// Updates made by commands, delivered by the next `drain()`.
    var pending: [PlayerUpdate] = []
    var lastID = 0
    var loadStart: ContinuousClock.Instant?
    var deadline: ContinuousClock.Instant?
    /// When the current stall began (the watchdog's start).
    var stalledSince: ContinuousClock.Instant?
    /// Whether playback was running when `interrupt()` paused it.
    var resumeAfterInterruption = false
    /// Terminal video: output size, pixel buffer, latest frame (Player+Video.swift).
    var video = VideoOutput()

    /// Makes a player (no mpv handle yet). Sets `LC_NUMERIC` to "C", which libmpv requires even
    /// after the app's `setlocale(LC_ALL, "")`.
    public init(configuration: PlayerConfiguration = .init()) throws {
        setlocale(LC_NUMERIC, "C")
        self.configuration = configuration
        self.wakeup = try WakeupPipe()
        self.reducer = PlaybackReducer(configuration: configuration)
    }

    deinit { handle?.destroy() }

    /// The descriptor to poll for reading; readable when ``drain()`` has work.
    public var wakeupDescriptor: Int32 { wakeup.readEnd }

    /// The current state, progress included.
    public var snapshot: PlayerSnapshot {
        var snapshot = reducer.snapshot
        snapshot.progress = reducer.progressNow
        return snapshot
    }

    /// The current playback's recent warn/error lines from mpv (tokens redacted).
    public var recentLogMessages: [PlayerLogMessage] { reducer.recentLog }

    /// Starts playing `source` from `position` seconds as a new playback, replacing the current
    /// one (which finishes as `.userExited`). Throws when mpv rejects an option (ours or a
    /// pass-through one) or cannot start; everything after that arrives as updates.
    ///
    /// ```swift
    /// let id = try player.load(MediaSource(url: url, authorizationToken: token), startAt: 42)
    /// ```
    @discardableResult
    public func load(_ source: MediaSource, startAt position: Double = 0) throws -> PlaybackID {
        handle?.destroy()
        handle = nil
        stalledSince = nil
        lastID += 1
        let id = PlaybackID(rawValue: lastID)
        let start = ContinuousClock.now
        loadStart = start
        queue(reducer.begin(id, source: source, start: position))
        do {
            let options = try MPVOptionPlan.options(
                for: source, configuration: configuration, start: position,
                muted: reducer.snapshot.muted, volume: reducer.snapshot.volume)
            let handle = try MPVHandle(
                playbackID: id, options: options, logLevel: configuration.logLevel,
                wakeupDescriptor: wakeup.writeEnd)
            try attachVideoRenderer(to: handle)
            handle.command(["loadfile", source.url.isFileURL ? source.url.path : source.url.absoluteString, "replace"])
            self.handle = handle
        } catch {
            queue(reducer.fail(String(describing: error)))
            throw error
        }
        reducer.snapshot.timeline.mpvOpen = ContinuousClock.now - start
        deadline = ContinuousClock.now + configuration.progressInterval
        return id
    }

    /// Destroys the handle (mpv's threads exit before this returns). The player can load again.
    public func shutdown() {
        handle?.destroy()
        handle = nil
        deadline = nil
    }

    func queue(_ updates: [PlayerUpdate]) {
        guard !updates.isEmpty else { return }
        pending += updates
        wakeup.signal()
    }
}
