import PlaybackStates
import Player

/// The player as the ``PlaybackRunner`` uses it: the seam that lets the runner's and the
/// coordinator's logic be tested without libmpv. `Player` is the real one.
///
/// ```swift
/// let runner = PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer)
/// ```
public protocol PlayerControlling: VideoFrameSource {
    /// Readable when ``drain()`` has work.
    var wakeupDescriptor: Int32 { get }
    /// When ``tick(now:)`` next has work.
    var nextDeadline: ContinuousClock.Instant? { get }
    /// The current state (position, timeline…).
    var snapshot: PlayerSnapshot { get }
    /// Starts `source` at `startAt` seconds as playback `id`, replacing what plays.
    func load(_ source: MediaSource, startAt: Double, as id: PlaybackID?) throws -> PlaybackID
    /// Runs a transport command (``stop()`` for `.stop`: its updates come back at once).
    func perform(_ command: PlayerCommand)
    /// Stops the current playback; returns its last updates (the finish included), in order.
    func stop() -> [PlayerUpdate]
    /// Pending updates (never blocks).
    func drain() -> [PlayerUpdate]
    /// The progress tick.
    func tick(now: ContinuousClock.Instant) -> [PlayerUpdate]
    /// Stops and releases mpv.
    func shutdown()
    /// Seconds into the current playback now, read when asked (not as of the last drain); nil
    /// when there is no position to compare (loading, seeking, stopped). A montage measures its
    /// tiles' drift with it.
    var positionNow: Double? { get }
    /// Whether this player reads ffmpeg's process-global log (`--network direct`): such a player
    /// cannot play beside others (a montage refuses it).
    var readsFFmpegLog: Bool { get }
}

extension PlayerControlling {
    /// Players that are not `Player` read no log.
    public var readsFFmpegLog: Bool { false }

    /// The snapshot's position (as of the last drain) while something plays: for players that
    /// cannot read a fresher one.
    public var positionNow: Double? {
        snapshot.playback == .playing || snapshot.playback == .paused ? snapshot.progress.position : nil
    }
}

extension Player: PlayerControlling {
    public var readsFFmpegLog: Bool { configuration.readsFFmpegLog }

    public func perform(_ command: PlayerCommand) {
        switch command {
        case .play: play()
        case .togglePause: togglePause()
        case .pause: pause()
        case .setMuted(let muted): setMuted(muted)
        case .stop: _ = stop()   // the runner calls stop() itself, to take the updates it returns
        case .toggleMute: toggleMute()
        case .interrupt: interrupt()
        case .resume: resumeFromInterruption()
        case .seek(let seconds): seek(to: seconds)
        case .setVolume(let volume): setVolume(volume)
        case .setSpeed(let speed): setSpeed(speed)
        case .frameStep(let forward): frameStep(forward: forward)
        case .screenshot(let path): saveScreenshot(to: path)
        case .setVideoEnabled(let enabled): setVideoEnabled(enabled)
        case .setFraming(let framing): setFraming(framing)
        }
    }
}
