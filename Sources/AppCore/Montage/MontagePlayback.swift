import EventsAPI
import Foundation
import PlaybackStates
import Player

/// Plays a montage: one tile per camera, each with its own ``PlaybackRunner``, all on one
/// ``MontageClock``. Each tile plays the event ``MontagePlan`` gives it at the clock's moment;
/// when the plan changes (an event ends, a waiting camera's next event begins, more events are
/// loaded) tiles start and stop accordingly; a camera with no footage says "no recording" and
/// joins when its next event begins; a tile whose stream fails shows its error while the others
/// play on. Only the focused tile is heard.
///
/// Used on one owner thread, like the runners: the owner waits (``Poller``) on
/// ``wakeupDescriptors`` until ``nextDeadline`` and calls ``drain(now:)``:
///
/// ```swift
/// let montage = try MontagePlayback(cameras: ["Front Door", "Backyard", "Driveway"], events: loaded,
///                                   at: moment, now: .now) { tile in
///     try PlaybackRunner(player: try Player(configuration: tileConfiguration(tile)), preparer: preparer)
/// }
/// while running {
///     _ = try Poller.wait(for: montage.wakeupDescriptors.map(Poller.Descriptor.readable), until: montage.nextDeadline)
///     for update in montage.drain(now: .now) { tiles[update.tile].apply(update.update) }
///     render(montage.snapshot)
/// }
/// montage.shutdown()
/// ```
///
/// **Sync.** Every ``syncInterval`` while the clock runs, each playing tile's position is read
/// from its player (``PlaybackRunner/positionNow``, mpv's `time-pos` now) and compared with the
/// clock; ``MontageSync`` turns the (smoothed) drift into nothing, a small change of that tile's
/// speed, or a seek. Stalls and late joiners are brought back the same way.
///
/// **Holds.** After the start, a seek, a frame step or a pause, the clock stands still
/// (``MontageHold``): every tile that should play is paused and sought to the clock's moment, and
/// the clock and the tiles go on together once all of them are there, or after
/// ``MontageHold/patience`` (a slower tile then catches up by itself). A paused montage therefore
/// shows every tile at the same moment.
///
/// **Seeks in a row.** Seeks closer together than ``seekSettle`` (a key held down, a quick
/// series of presses) move the clock at once and the tiles once the series ends: the first seek
/// is carried out as it comes, the tiles are paused during the series, and its last moment is
/// carried out ``seekSettle`` after its last seek. Before, each of a held key's seeks made the
/// plan again, paused, sought and held every tile, and started any event it moved a tile into
/// (52 ↑ kept the machine busy for half a minute).
///
/// **Network mode.** Tiles play at the same time, so their players must not read ffmpeg's
/// process-global log (docs/architecture.md, "Known debts"): with the default `--network proxy`
/// they do not; a runner whose player does (`--network direct`,
/// `PlayerConfiguration.readsFFmpegLog`) makes the montage refuse to start (``MontageError/readsFFmpegLog``).
/// Runners may share one ``ProxyPreparer`` (one proxy server; each runner reads its own
/// notices).
public final class MontagePlayback {
    /// One frame at 25 fps: a frame step moves the clock by this much.
    public static let frameDuration: TimeInterval = 0.04
    /// How often the tiles' drift is measured while the clock runs.
    public static let syncInterval: Duration = .milliseconds(100)
    /// Seeks closer together than this are one series: the tiles follow its last moment.
    public static let seekSettle: Duration = .milliseconds(250)

    /// The cameras, one tile each, in order.
    public let cameras: [String]
    /// The events the plan chooses from (``add(events:)`` adds more).
    public private(set) var events: [Event]
    /// The one wall clock.
    public private(set) var clock: MontageClock
    /// The sync policy.
    public let sync: MontageSync
    /// How long a hold waits for a slow tile.
    public let holdPatience: Duration
    /// What each tile shows at the clock's moment (made again when it changes).
    public private(set) var plan: MontagePlan
    /// Every camera live (``init(live:feeds:now:makeRunner:)``): no recorded moment to keep the
    /// tiles on, so no holds, no sync, nothing to seek; pause freezes every picture.
    public let isLive: Bool

    private var tiles: [Tile]
    private var focused = 0
    private var muted = false
    /// The user paused (Space, a frame step): the clock stays still after a hold.
    private var userPaused = false
    private var hold: MontageHold?
    private var nextSync: ContinuousClock.Instant?
    /// When the last seek came (a seek sooner after it belongs to the same series).
    private var lastSeek: ContinuousClock.Instant?
    /// A series of seeks is under way: its last moment is carried out to the tiles at this time.
    private var settle: ContinuousClock.Instant?
    /// Updates of runner calls made outside a drain (starts, stops), for the next drain.
    private var pending: [MontageTileUpdate] = []
    private var lastID = 0

    /// One tile's runner and what the montage knows of its current playback.
    private struct Tile {
        let runner: PlaybackRunner
        /// The event the current playback has, and its identity.
        var event: Event?
        var id: PlaybackID?
        /// The current playback showed its first frame.
        var started = false
        /// The latest network notice of the current playback.
        var notice: String?
        /// Smoothed drift (seconds, positive ahead); nil until measured.
        var drift: TimeInterval?
        /// The speed last sent to the player.
        var speed: Double
        /// In the current hold: paused and sought to the clock's moment.
        var aligned = false
        /// When the current playback was started (a hold does not wait again for one that has
        /// been loading longer than its patience).
        var startedAt: ContinuousClock.Instant?

        var isLive: Bool { event != nil && runner.session?.isFinished == false }
    }

    /// Starts a montage of `cameras` at `moment` (real time `now`), with the tiles' runners from
    /// `makeRunner` (called once per tile, in order: each tile's player can be set up for its
    /// place on screen). The clock holds until the tiles that have footage show their first
    /// frame at `moment` (``MontageHold``), then runs. Throws ``MontageError`` (no cameras, a
    /// player that reads ffmpeg's log) and what `makeRunner` throws.
    /// `holdPatience`: how long a hold waits for a slow tile (``MontageHold/patience``; tests
    /// whose fake players answer when the test gets to it give them longer).
    public init(cameras: [String], events: [Event], at moment: Date, now: ContinuousClock.Instant,
                sync: MontageSync = MontageSync(), holdPatience: Duration = MontageHold.patience,
                makeRunner: (Int) throws -> PlaybackRunner) throws {
        guard !cameras.isEmpty else { throw MontageError.noCameras }
        isLive = false
        self.holdPatience = holdPatience
        self.cameras = cameras
        self.events = events
        self.sync = sync
        clock = MontageClock(at: moment, now: now, paused: true)
        plan = MontagePlan(cameras: cameras, events: events, at: moment, now: Date())
        // The first camera with footage at the moment is heard (Tab moves the sound).
        let heard = plan.tiles.firstIndex { if case .playing = $0.state { true } else { false } } ?? 0
        focused = heard
        tiles = try Self.makeTiles(count: cameras.count, heard: heard, makeRunner: makeRunner)
        replan(now: now)
        beginHold(resume: true, now: now)
    }

    /// Starts a live montage: each of `cameras` plays its feed in `feeds` (``EventBackend/live(camera:quality:)``,
    /// matched by ``Event/cameraName``) as it arrives; a camera without one shows no picture. The
    /// clock only tells the time. Throws as the other initialiser.
    ///
    /// ```swift
    /// let montage = try MontagePlayback(live: ["Front Door", "Garage"], feeds: feeds, now: .now) { tile in
    ///     try PlaybackRunner(player: try Player(configuration: tileConfiguration(tile)), preparer: preparer)
    /// }
    /// ```
    public init(live cameras: [String], feeds: [Event], now: ContinuousClock.Instant,
                makeRunner: (Int) throws -> PlaybackRunner) throws {
        guard !cameras.isEmpty else { throw MontageError.noCameras }
        isLive = true
        holdPatience = MontageHold.patience
        self.cameras = cameras
        events = feeds
        sync = MontageSync()
        let moment = Date()
        clock = MontageClock(at: moment, now: now, paused: false)
        plan = MontagePlan(cameras: cameras, liveFeeds: feeds, at: moment)
        focused = plan.tiles.firstIndex { if case .playing = $0.state { true } else { false } } ?? 0
        tiles = try Self.makeTiles(count: cameras.count, heard: focused, makeRunner: makeRunner)
        replan(now: now)
    }

    /// One tile per camera with its runner from `makeRunner`, at speed 1, only `heard` heard.
    /// Throws ``MontageError/readsFFmpegLog`` for a runner whose player reads ffmpeg's log, and
    /// what `makeRunner` throws; the runners made before are shut down first.
    private static func makeTiles(count: Int, heard: Int, makeRunner: (Int) throws -> PlaybackRunner) throws -> [Tile] {
        var tiles: [Tile] = []
        for index in 0..<count {
            let runner: PlaybackRunner
            do { runner = try makeRunner(index) } catch {
                for tile in tiles { tile.runner.shutdown() }
                throw error
            }
            if runner.player.readsFFmpegLog {
                for tile in tiles { tile.runner.shutdown() }
                runner.shutdown()
                throw MontageError.readsFFmpegLog
            }
            runner.perform(.setSpeed(1))
            runner.perform(.setMuted(index != heard))
            tiles.append(Tile(runner: runner, speed: 1))
        }
        return tiles
    }

    // MARK: - The owner's loop

    /// The descriptors to poll: every tile's runner's.
    public var wakeupDescriptors: [Int32] { tiles.flatMap(\.runner.wakeupDescriptors) }

    /// When ``drain(now:)`` next has timed work: a runner's tick, the next sync check, a hold's
    /// patience running out, the plan's next change.
    public var nextDeadline: ContinuousClock.Instant? {
        let now = ContinuousClock.now
        var deadlines = tiles.compactMap(\.runner.nextDeadline)
        if let hold { deadlines.append(hold.deadline) }
        if let settle { deadlines.append(settle) }
        if let nextSync, hold == nil, !clock.isPaused { deadlines.append(nextSync) }
        if let change = plan.nextChange, !clock.isPaused, clock.speed > 0, settle == nil {
            let seconds = max(0, change.timeIntervalSince(clock.wallTime(now: now)) / clock.speed)
            deadlines.append(now + .milliseconds(Int((seconds * 1000).rounded(.up))))
        }
        return deadlines.min()
    }

    /// Everything pending: each tile's runner drained (its updates, tagged with the tile), the
    /// plan made again when the clock reached its next change, a hold released when its tiles
    /// are ready, the sync check when due. Never blocks.
    public func drain(now: ContinuousClock.Instant = .now) -> [MontageTileUpdate] {
        var updates = takePending()
        for index in tiles.indices {
            for update in tiles[index].runner.drain(now: now) {
                note(update, tile: index, now: now)
                updates.append(MontageTileUpdate(tile: index, update: update))
            }
        }
        if let due = settle, now >= due {
            settle = nil
            follow(now: now)
        }
        // While a series of seeks is under way the plan waits for its last moment.
        if settle == nil, let change = plan.nextChange, clock.wallTime(now: now) >= change { replan(now: now) }
        releaseHoldIfReady(now: now)
        if hold == nil, !clock.isPaused, let due = nextSync, now >= due { measure(now: now) }
        return updates + takePending()
    }

    /// Runs `command` on the clock and the tiles; returns the tiles' updates it caused (the rest
    /// come from ``drain(now:)``).
    @discardableResult
    public func perform(_ command: MontageCommand, now: ContinuousClock.Instant = .now) -> [MontageTileUpdate] {
        // A live montage: pause freezes (or thaws) every picture; there is nothing to seek, step
        // or speed up; focus and mute as in any montage (below).
        if isLive {
            switch command {
            case .togglePause:
                userPaused.toggle()
                for index in tiles.indices where tiles[index].isLive {
                    append(tiles[index].runner.perform(userPaused ? .pause : .play), tile: index)
                }
                return takePending()
            case .seek, .jump, .setSpeed, .frameStep:
                return takePending()
            case .focus, .focusNext, .setMuted:
                break
            }
        }
        switch command {
        case .togglePause:
            userPaused.toggle()
            // In a series of seeks the tiles play or stay paused once they follow its last moment.
            guard settle == nil else { break }
            if userPaused {
                beginHold(resume: false, now: now)
            } else if hold != nil {
                hold?.resume = true
            } else {
                resume(now: now)
            }
        case .seek(let delta):
            seek(to: clock.wallTime(now: now).addingTimeInterval(delta), now: now)
        case .jump(let moment):
            seek(to: moment, now: now)
        case .setSpeed(let speed):
            let speed = PlaybackSpeed(speed).value
            clock.setSpeed(speed, now: now)
            for index in tiles.indices { setSpeed(speed, tile: index) }
        case .frameStep(let forward):
            userPaused = true
            seek(to: clock.wallTime(now: now).addingTimeInterval(forward ? Self.frameDuration : -Self.frameDuration), now: now)
        case .focus(let tile):
            guard tiles.indices.contains(tile) else { break }
            focused = tile
            applyMute()
        case .focusNext:
            focused = (focused + 1) % tiles.count
            applyMute()
        case .setMuted(let muted):
            self.muted = muted
            applyMute()
        }
        return takePending()
    }

    /// More events (loaded as the caller's windows arrive): a camera whose event now covers the
    /// clock's moment starts playing it (and the plan's next change may come sooner).
    public func add(events more: [Event], now: ContinuousClock.Instant = .now) {
        let known = Set(events.map(\.id))
        events += more.filter { !known.contains($0.id) }
        let before = tiles.map { $0.event?.id }
        replan(now: now)
        // A tile that started now while the clock holds or stands still is put on its moment too.
        for index in tiles.indices where tiles[index].event?.id != before[index] && tiles[index].event != nil {
            hold?.waiting.insert(index)
        }
    }

    /// The clock and every tile, as one value.
    public var snapshot: MontageSnapshot {
        let now = ContinuousClock.now
        return MontageSnapshot(
            wallTime: clock.wallTime(now: now), speed: clock.speed, isPaused: userPaused, isHolding: hold != nil || settle != nil,
            isMuted: muted,
            tiles: tiles.indices.map { index in
                let tile = tiles[index]
                let status = MontageTileStatus.of(planned: plan.tiles[index].state, phase: tile.event == nil ? nil : tile.runner.session?.phase,
                                                  playback: tile.runner.snapshot?.playback, started: tile.started, notice: tile.notice)
                return MontageSnapshot.Tile(
                    camera: cameras[index], eventID: tile.event?.id, eventStart: tile.event?.startTime, status: status,
                    position: tile.event == nil ? nil : tile.runner.positionNow, drift: tile.drift, speed: tile.speed,
                    isFocused: index == focused)
            })
    }

    /// The tile's pictures (its player's latest frame at the size its pane asks for).
    public func frames(tile: Int) -> any VideoFrameSource { tiles[tile].runner.frames }

    /// Seconds into its event that tile `tile` should show at `now` (nil: it has no event).
    public func target(tile: Int, now: ContinuousClock.Instant = .now) -> TimeInterval? {
        tiles[tile].event.map { max(0, clock.wallTime(now: now).timeIntervalSince($0.startTime)) }
    }

    /// Stops every tile and releases its player (the caller removes what its preparers made).
    public func shutdown() {
        for tile in tiles { tile.runner.shutdown() }
        hold = nil
        settle = nil
        nextSync = nil
    }

    // MARK: - Plan

    /// Makes the plan at the clock's moment and starts or stops tiles to match it.
    private func replan(now: ContinuousClock.Instant) {
        plan = isLive ? MontagePlan(cameras: cameras, liveFeeds: events, at: clock.wallTime(now: now))
            : MontagePlan(cameras: cameras, events: events, at: clock.wallTime(now: now), now: Date())
        for index in tiles.indices {
            switch MontageTileAction.decide(current: tiles[index].event?.id, planned: plan.tiles[index].state) {
            case .keep:
                break
            case .start(let event, let offset):
                lastID += 1
                let id = PlaybackID(rawValue: lastID)
                setSpeed(clock.speed, tile: index)   // not a correction left over from the last event
                tiles[index].event = event
                tiles[index].id = id
                tiles[index].started = false
                tiles[index].notice = nil
                tiles[index].drift = nil
                tiles[index].aligned = false
                tiles[index].startedAt = now
                append(tiles[index].runner.start(event, as: id, at: offset), tile: index)
            case .stop:
                append(tiles[index].runner.stop(), tile: index)
                tiles[index].event = nil
                tiles[index].id = nil
                tiles[index].started = false
                tiles[index].drift = nil
                hold?.drop(index)
            }
        }
    }

    private func seek(to moment: Date, now: ContinuousClock.Instant) {
        clock.seek(to: moment, now: now)
        defer { lastSeek = now }
        if let last = lastSeek, now - last < Self.seekSettle {
            // A series: the clock stands at its moment, the tiles wait paused for its end.
            if settle == nil {
                clock.setPaused(true, now: now)
                hold = nil
                nextSync = nil
                for index in shownTiles {
                    append(tiles[index].runner.perform(.pause), tile: index)
                }
            }
            settle = now + Self.seekSettle
            return
        }
        follow(now: now)
    }

    /// The tiles follow the clock's (new) moment: each plays what the plan gives it there, and
    /// the clock holds until they show it.
    private func follow(now: ContinuousClock.Instant) {
        // A tile whose media ended before its event did plays again from the new moment (a
        // failed one is not retried: it keeps its error while the plan names its event).
        for index in tiles.indices where tiles[index].runner.session?.finishReason == .ended && tiles[index].event != nil {
            tiles[index].event = nil
            tiles[index].id = nil
        }
        replan(now: now)
        beginHold(resume: !userPaused, now: now)
    }

    // MARK: - Holds

    /// Stops the clock and puts every tile that should play on its moment; the clock goes on
    /// (if `resume`) once they are all there.
    private func beginHold(resume: Bool, now: ContinuousClock.Instant) {
        clock.setPaused(true, now: now)
        nextSync = nil
        var waiting: Set<Int> = []
        for index in tiles.indices where tiles[index].isLive {
            tiles[index].aligned = false
            let loading = tiles[index].startedAt.map { now - $0 } ?? .zero
            if tiles[index].started || loading < holdPatience { waiting.insert(index) }
            tiles[index].drift = nil
            if tiles[index].started { align(index, now: now) }
        }
        hold = MontageHold(waitingFor: waiting, resume: resume, deadline: now + holdPatience)
        releaseHoldIfReady(now: now)
    }

    /// Pauses tile `index` and seeks it to the clock's moment.
    private func align(_ index: Int, now: ContinuousClock.Instant) {
        guard let target = target(tile: index, now: now) else { return }
        append(tiles[index].runner.perform(.pause), tile: index)
        append(tiles[index].runner.perform(.seek(to: target)), tile: index)
        tiles[index].aligned = true
    }

    /// Tiles whose current playback shows a picture (live, first frame shown).
    private var shownTiles: [Int] {
        tiles.indices.filter { tiles[$0].isLive && tiles[$0].started }
    }

    /// Tiles paused at the clock's moment, their seek done.
    private var readyTiles: Set<Int> {
        Set(tiles.indices.filter { index in
            let tile = tiles[index]
            return tile.aligned && tile.started && tile.runner.snapshot?.playback == .paused
        })
    }

    private func releaseHoldIfReady(now: ContinuousClock.Instant) {
        guard var current = hold else { return }
        for index in current.waiting where !tiles[index].isLive { current.drop(index) }
        hold = current
        guard current.isReleased(ready: readyTiles, now: now) else { return }
        hold = nil
        if current.resume { resume(now: now) }
    }

    /// The clock goes on, and every tile with it.
    private func resume(now: ContinuousClock.Instant) {
        for index in shownTiles {
            append(tiles[index].runner.perform(.play), tile: index)
        }
        clock.setPaused(false, now: now)
        nextSync = now + Self.syncInterval
    }

    // MARK: - Following the tiles

    private func note(_ update: PlaybackUpdate, tile index: Int, now: ContinuousClock.Instant) {
        guard update.id == tiles[index].id else { return }
        switch update.kind {
        case .player(.firstFrame):
            tiles[index].started = true
            // While the clock stands still the tile waits at its moment; while it runs, the sync
            // check brings the tile in. In a series of seeks it waits, paused, for the series' end.
            if settle != nil {
                append(tiles[index].runner.perform(.pause), tile: index)
            } else if hold != nil || userPaused {
                align(index, now: now)
            }
        case .notice(let text):
            tiles[index].notice = text
        case .finished:
            hold?.drop(index)
        default:
            break
        }
    }

    // MARK: - Sync

    /// Measures every playing tile against the clock and applies ``MontageSync``'s decision.
    private func measure(now: ContinuousClock.Instant) {
        nextSync = now + Self.syncInterval
        for index in shownTiles {
            guard let event = tiles[index].event, tiles[index].runner.snapshot?.playback == .playing,
                  let position = tiles[index].runner.positionNow else { continue }
            let reading = clock.drift(position: position, eventStart: event.startTime, now: .now)
            if abs(reading) >= sync.seekThreshold {
                tiles[index].drift = nil
                setSpeed(clock.speed, tile: index)
                if let target = target(tile: index, now: .now) {
                    append(tiles[index].runner.perform(.seek(to: target)), tile: index)
                }
                continue
            }
            let drift = sync.smoothed(tiles[index].drift, with: reading)
            tiles[index].drift = drift
            switch sync.decide(drift: drift, clockSpeed: clock.speed) {
            case .steady: setSpeed(clock.speed, tile: index)
            case .correct(let speed): setSpeed(speed, tile: index)
            case .seek: break   // readings that far off are sought above
            }
        }
    }

    private func setSpeed(_ speed: Double, tile index: Int) {
        guard abs(tiles[index].speed - speed) > 0.0005 else { return }
        tiles[index].speed = speed
        append(tiles[index].runner.perform(.setSpeed(speed)), tile: index)
    }

    private func applyMute() {
        for index in tiles.indices {
            append(tiles[index].runner.perform(.setMuted(muted || index != focused)), tile: index)
        }
    }

    // MARK: - Updates

    private func append(_ updates: [PlaybackUpdate], tile: Int) {
        pending += updates.map { MontageTileUpdate(tile: tile, update: $0) }
    }

    private func takePending() -> [MontageTileUpdate] {
        defer { pending = [] }
        return pending
    }
}
