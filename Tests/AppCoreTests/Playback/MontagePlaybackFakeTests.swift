@testable import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Playlist
import SystemSupport
import Synchronization
import Testing

/// The montage's orchestration with fake players and preparers (no libmpv, no server): which
/// tile starts what at which offset, who is heard, what a waiting camera says and when it joins.
@Suite("MontagePlayback: tiles on a plan, with fakes")
struct MontagePlaybackFakeTests {
    typealias M = MontageTests
    static let t0 = MontageTests.t0
    /// The fakes answer when the test gets to it, which on a loaded machine can take seconds: the
    /// holds wait as long as the test needs (the real five seconds would run out and release them).
    static let patience: Duration = .seconds(120)

    /// Drains until `done` holds (a hang guard of 20 s; waits off the cooperative pool).
    static func drain(_ montage: MontagePlayback, until done: () -> Bool) {
        let deadline = Date().addingTimeInterval(20)
        while !done(), Date() < deadline {
            _ = try? Poller.wait(for: montage.wakeupDescriptors.map(Poller.Descriptor.readable), until: .now + .milliseconds(50))
            _ = montage.drain(now: .now)
        }
    }

    /// What `player` was told about mute, in order.
    static func mutes(_ player: FakePlayer) -> [Bool] {
        var mutes: [Bool] = []
        for command in player.commands {
            if case .setMuted(let muted) = command { mutes.append(muted) }
        }
        return mutes
    }

    struct Outcome: Sendable {
        var loads: [[Double]] = []
        var mutes: [[Bool]] = []
        var statuses: [MontageTileStatus] = []
        var nextChange: Date?
        var afterSeek: [[Double]] = []
        var garageEvent: String?
        var holding = false
        var refused: String?
    }

    @Test func eachCameraPlaysItsEventAtTheClocksOffsetAndAWaitingOneJoinsLater() async throws {
        let events = [M.event("a", "Front Door", 0, 60), M.event("b", "Backyard", -10, 50), M.event("c", "Garage", 20, 60)]
        let preparers = (0..<3).map { _ in FakePreparer() }
        for (index, preparer) in preparers.enumerated() {
            for attempt in 0..<2 { preparer.answer(.success(SessionFixtures.prepared("p\(index)-\(attempt)"))) }
        }
        let outcome = try await PlaybackRunnerTests.onThread { () throws -> Outcome in
            let players = try (0..<3).map { _ in try FakePlayer() }
            let montage = try MontagePlayback(cameras: ["Front Door", "Backyard", "Garage"], events: events,
                                              at: Self.t0.addingTimeInterval(5), now: .now, holdPatience: Self.patience) { index in
                try PlaybackRunner(player: players[index], preparer: preparers[index])
            }
            defer { montage.shutdown() }
            var outcome = Outcome()
            Self.drain(montage) { players[0].loads.count == 1 && players[1].loads.count == 1 }
            outcome.loads = players.map { $0.loads.map { $0.at } }
            outcome.mutes = players.map(Self.mutes)
            outcome.statuses = montage.snapshot.tiles.map(\.status)
            outcome.holding = montage.snapshot.isHolding
            outcome.nextChange = montage.plan.nextChange
            // A seek past Garage's start: it joins, 5 s into its event; the others move.
            montage.perform(.jump(to: Self.t0.addingTimeInterval(25)))
            Self.drain(montage) { players[2].loads.count == 1 }
            outcome.afterSeek = players.map { $0.loads.map { $0.at } }
            outcome.garageEvent = montage.snapshot.tiles[2].eventID
            return outcome
        }
        #expect(outcome.loads == [[5], [15], []], "each at its own offset; Garage has nothing at t0 + 5")
        #expect(outcome.mutes.map(\.last) == [false, true, true], "only the focused (first) tile is heard")
        #expect(outcome.statuses[2] == .noRecording(next: Self.t0.addingTimeInterval(20)))
        #expect(outcome.statuses[0] == .loading(notice: nil))
        #expect(outcome.holding, "the clock holds until the tiles show their first frame")
        #expect(outcome.nextChange == Self.t0.addingTimeInterval(20), "Garage's event begins")
        #expect(outcome.afterSeek[2] == [5], "Garage joined 5 s into its event")
        #expect(outcome.garageEvent == "c")
    }

    /// Every camera live: each feed starts at once from its beginning (no hold, no clock to wait
    /// for), a camera without a feed waits with nothing next, seeks and speed changes are not
    /// sent, and pause pauses every tile.
    @Test func aLiveMontagePlaysEachFeedFromItsStartWithoutHoldsOrSeeks() async throws {
        let feeds = [M.event("live-a", "Front Door", 0, nil), M.event("live-b", "Backyard", 0, nil)].map { event in
            var feed = event
            feed.videoFormat = .liveFeed
            return feed
        }
        let preparers = (0..<3).map { _ in FakePreparer() }
        for (index, preparer) in preparers.enumerated() { preparer.answer(.success(SessionFixtures.prepared("p\(index)"))) }
        typealias Seen = (loads: [[Double]], holding: Bool, statuses: [MontageTileStatus], commands: [[PlayerCommand]])
        let seen = try await PlaybackRunnerTests.onThread { () throws -> Seen in
            let players = try (0..<3).map { _ in try FakePlayer() }
            let montage = try MontagePlayback(live: ["Front Door", "Backyard", "Garage"], feeds: feeds, now: .now) { index in
                try PlaybackRunner(player: players[index], preparer: preparers[index])
            }
            defer { montage.shutdown() }
            Self.drain(montage) { players[0].loads.count == 1 && players[1].loads.count == 1 }
            let before = players.map(\.commands.count)
            montage.perform(.seek(by: 30))
            montage.perform(.setSpeed(2))
            montage.perform(.frameStep(forward: true))
            montage.perform(.togglePause)
            _ = montage.drain(now: .now)
            let commands = players.indices.map { Array(players[$0].commands.dropFirst(before[$0])) }
            return (players.map { $0.loads.map(\.at) }, montage.snapshot.isHolding, montage.snapshot.tiles.map(\.status), commands)
        }
        #expect(seen.loads == [[0], [0], []], "each feed from its start; Garage has none")
        #expect(!seen.holding, "nothing to hold the tiles on")
        #expect(seen.statuses[2] == .noRecording(next: nil))
        for commands in seen.commands {
            #expect(!commands.contains { if case .seek = $0 { true } else if case .setSpeed = $0 { true } else { false } },
                    "no seek or speed sent to a live tile: \(commands)")
        }
        #expect(seen.commands[0].contains { if case .pause = $0 { true } else { false } }, "pause freezes the first tile")
        #expect(seen.commands[1].contains { if case .pause = $0 { true } else { false } }, "and the second")
    }

    /// A camera without footage at the moment is not the one heard: the first that has footage is.
    @Test func theFirstCameraWithFootageIsHeard() async throws {
        let events = [M.event("c", "Garage", 20, 60), M.event("a", "Front Door", 0, 60)]
        let preparers = (0..<2).map { _ in FakePreparer() }
        preparers[1].answer(.success(SessionFixtures.prepared("p1")))
        typealias Heard = (mutes: [[Bool]], focused: [Bool])
        let heard = try await PlaybackRunnerTests.onThread { () throws -> Heard in
            let players = try (0..<2).map { _ in try FakePlayer() }
            let montage = try MontagePlayback(cameras: ["Garage", "Front Door"], events: events,
                                              at: Self.t0.addingTimeInterval(5), now: .now, holdPatience: Self.patience) { index in
                try PlaybackRunner(player: players[index], preparer: preparers[index])
            }
            defer { montage.shutdown() }
            Self.drain(montage) { players[1].loads.count == 1 }
            return (players.map(Self.mutes), montage.snapshot.tiles.map(\.isFocused))
        }
        #expect(heard.mutes.map(\.last) == [true, false], "Garage has nothing at t0 + 5: Front Door is heard")
        #expect(heard.focused == [false, true])
    }

    /// The hold at the start (pause, seek to the moment, play together), then the sync check on a
    /// tile that stalls: a little behind is played away by a faster speed, far behind is sought.
    @Test func theHoldReleasesTogetherAndAStalledTileIsBroughtBack() async throws {
        let events = [M.event("a", "Front Door", 0, 60)]
        let preparer = FakePreparer()
        preparer.answer(.success(SessionFixtures.prepared("p")))
        typealias Result = (aligned: [PlayerCommand], heldBefore: Bool, released: Bool, corrected: [PlayerCommand], sought: [PlayerCommand])
        let result = try await PlaybackRunnerTests.onThread { () throws -> Result in
            let player = try FakePlayer()
            let montage = try MontagePlayback(cameras: ["Front Door"], events: events, at: Self.t0.addingTimeInterval(5), now: .now, holdPatience: Self.patience) { _ in
                try PlaybackRunner(player: player, preparer: preparer)
            }
            defer { montage.shutdown() }
            Self.drain(montage) { player.loads.count == 1 }
            let id = try #require(player.snapshot.playbackID)
            player.snapshot.playback = .playing
            player.send(PlayerUpdate(id, .firstFrame))
            Self.drain(montage) { player.commands.contains(.pause) }
            let aligned = player.commands.filter { if case .seek = $0 { true } else { $0 == .pause } }
            let heldBefore = montage.snapshot.isHolding
            player.snapshot.playback = .paused   // the seek is done: the frame at the moment is shown
            player.send(PlayerUpdate(id, .playback(.paused)))
            Self.drain(montage) { !montage.snapshot.isHolding }
            let released = player.commands.last == .play
            // Playing, 0.1 s behind the clock: a faster speed.
            player.snapshot.playback = .playing
            let before = player.commands.count
            Self.drain(montage) {
                player.snapshot.progress.position = (montage.target(tile: 0) ?? 0) - 0.1
                return player.commands.dropFirst(before).contains { if case .setSpeed(let speed) = $0 { speed > 1.05 } else { false } }
            }
            let corrected = Array(player.commands.dropFirst(before))
            // Stalled: the position stands while the clock runs on; once far enough behind, a seek.
            let stalled = before + corrected.count
            let stuck = montage.target(tile: 0) ?? 0
            player.snapshot.progress.position = stuck
            Self.drain(montage) { player.commands.dropFirst(stalled).contains { if case .seek = $0 { true } else { false } } }
            return (aligned, heldBefore, released, corrected, Array(player.commands.dropFirst(stalled)))
        }
        #expect(result.aligned.first == .pause && result.aligned.contains(.seek(to: 5)), "paused at the moment: \(result.aligned)")
        #expect(result.heldBefore, "the clock holds until the tile shows the moment")
        #expect(result.released, "then every tile plays")
        #expect(result.corrected.contains { if case .setSpeed(let speed) = $0 { speed > 1.05 && speed <= 1.1 } else { false } }, "\(result.corrected)")
        let seek = result.sought.compactMap { if case .seek(let to) = $0 { to } else { nil } }.first
        #expect((seek ?? 0) > 5.5, "sought to where the clock is: \(result.sought)")
    }

    /// A key held down: the clock follows each seek at once, the tiles only the series' first
    /// seek and, once the seeks stop, its last moment. Each seek used to load a new event in every
    /// tile that left its event.
    @Test func seeksInARowMoveTheClockAtOnceAndTheTilesOnceTheyStop() async throws {
        // Ten-second events back to back on one camera.
        let events = (0..<30).map { M.event("e\($0)", "Front Door", Double($0) * 10, Double($0) * 10 + 10) }
        let preparer = FakePreparer()
        for attempt in 0..<30 { preparer.answer(.success(SessionFixtures.prepared("p\(attempt)"))) }
        typealias Result = (first: String?, during: String?, wall: Date, holding: Bool, after: String?, lastLoad: Double?)
        let result = try await PlaybackRunnerTests.onThread { () throws -> Result in
            let player = try FakePlayer()
            let montage = try MontagePlayback(cameras: ["Front Door"], events: events, at: Self.t0.addingTimeInterval(5), now: .now,
                                              holdPatience: Self.patience) { _ in
                try PlaybackRunner(player: player, preparer: preparer)
            }
            defer { montage.shutdown() }
            Self.drain(montage) { player.loads.count == 1 }
            // Twenty seeks of 10 s, 30 ms apart (a key's repeat).
            var now = ContinuousClock.now
            montage.perform(.seek(by: 10), now: now)
            let first = montage.snapshot.tiles[0].eventID
            for _ in 1..<20 {
                now += .milliseconds(30)
                montage.perform(.seek(by: 10), now: now)
            }
            _ = montage.drain(now: now + .milliseconds(100))
            let snapshot = montage.snapshot
            _ = montage.drain(now: now + MontagePlayback.seekSettle)
            let after = montage.snapshot.tiles[0].eventID
            Self.drain(montage) { player.loads.count >= 2 && montage.snapshot.tiles[0].eventID == "e20" }
            return (first, snapshot.tiles[0].eventID, snapshot.wallTime, snapshot.isHolding, after, player.loads.last?.at)
        }
        #expect(result.first == "e1", "the series' first seek is carried out at once")
        #expect(result.during == "e1", "the tile waits while the seeks go on: \(String(describing: result.during))")
        #expect(result.wall == Self.t0.addingTimeInterval(205), "the clock followed every seek: \(result.wall)")
        #expect(result.holding, "the montage says it holds")
        #expect(result.after == "e20", "once the seeks stop, the tile plays the last moment's event")
        #expect(result.lastLoad == 5, "5 s into it")
    }

    /// Media shorter than its event ends early (the tile says "ended"); a seek plays it again from
    /// the new moment, prepared afresh.
    @Test func aTileWhoseMediaEndedPlaysAgainAfterASeek() async throws {
        let events = [M.event("a", "Front Door", 0, 60)]
        let preparer = FakePreparer()
        preparer.answer(.success(SessionFixtures.prepared("p1")))
        preparer.answer(.success(SessionFixtures.prepared("p2")))
        let result = try await PlaybackRunnerTests.onThread { () throws -> (status: MontageTileStatus, loads: [Double]) in
            let player = try FakePlayer()
            let montage = try MontagePlayback(cameras: ["Front Door"], events: events, at: Self.t0.addingTimeInterval(5), now: .now, holdPatience: Self.patience) { _ in
                try PlaybackRunner(player: player, preparer: preparer)
            }
            defer { montage.shutdown() }
            Self.drain(montage) { player.loads.count == 1 }
            let id = try #require(player.snapshot.playbackID)
            player.send(PlayerUpdate(id, .firstFrame))
            player.send(PlayerUpdate(id, .ended(.atTheEnd)))
            Self.drain(montage) { montage.snapshot.tiles[0].status == .ended }
            let status = montage.snapshot.tiles[0].status
            montage.perform(.seek(by: -2))
            Self.drain(montage) { player.loads.count == 2 }
            return (status, player.loads.map { $0.at })
        }
        #expect(result.status == .ended)
        #expect(result.loads.count == 2 && result.loads[0] == 5 && abs(result.loads[1] - 3) < 0.5,
                "played again about 3 s into the event (the clock ran on once nothing held it): \(result.loads)")
    }

    @Test func tabMovesTheSoundAndAPlayerThatReadsFFmpegsLogIsRefused() async throws {
        let events = [M.event("a", "Front Door", 0, 60), M.event("b", "Backyard", 0, 60)]
        let outcome = try await PlaybackRunnerTests.onThread { () throws -> Outcome in
            let players = try (0..<2).map { _ in try FakePlayer() }
            let montage = try MontagePlayback(cameras: ["Front Door", "Backyard"], events: events, at: Self.t0, now: .now, holdPatience: Self.patience) { index in
                try PlaybackRunner(player: players[index], preparer: FakePreparer())
            }
            montage.perform(.focusNext)
            var outcome = Outcome()
            outcome.mutes = players.map(Self.mutes)
            montage.perform(.setMuted(true))
            outcome.mutes += players.map(Self.mutes)
            montage.shutdown()
            do {
                _ = try MontagePlayback(cameras: ["Front Door"], events: events, at: Self.t0, now: .now) { _ in
                    try PlaybackRunner(player: try LogReadingPlayer(), preparer: FakePreparer())
                }
            } catch let error as MontageError {
                outcome.refused = error.description
            }
            return outcome
        }
        #expect(outcome.mutes[0].last == true && outcome.mutes[1].last == false, "Tab: the second tile is heard: \(outcome.mutes)")
        #expect(outcome.mutes[2].last == true && outcome.mutes[3].last == true, "muted: none is")
        #expect(outcome.refused?.contains("--network proxy") == true, "\(String(describing: outcome.refused))")
    }
}

/// A player set up for `--network direct`: it reads ffmpeg's process-global log.
final class LogReadingPlayer: PlayerControlling {
    let fake: FakePlayer
    init() throws { fake = try FakePlayer() }
    var readsFFmpegLog: Bool { true }
    var wakeupDescriptor: Int32 { fake.wakeupDescriptor }
    var nextDeadline: ContinuousClock.Instant? { nil }
    var snapshot: PlayerSnapshot { fake.snapshot }
    func load(_ source: MediaSource, startAt: Double, as id: PlaybackID?) throws -> PlaybackID { try fake.load(source, startAt: startAt, as: id) }
    func perform(_ command: PlayerCommand) { fake.perform(command) }
    func stop() -> [PlayerUpdate] { fake.stop() }
    func drain() -> [PlayerUpdate] { fake.drain() }
    func tick(now: ContinuousClock.Instant) -> [PlayerUpdate] { [] }
    func shutdown() {}
    func latestFrame(width: Int, height: Int, pixelAspect: Double) -> SoftwareFrame? { nil }
}

/// A preparer that answers only when the test opens its gate (so a notice can come first).
final class GatedPreparer: PlaybackPreparing {
    private let open = Mutex(false)
    let (notices, noticeSink) = AsyncStream.makeStream(of: PlaybackNotice.self)

    func release() { open.withLock { $0 = true } }

    func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        while !open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        return SessionFixtures.prepared("gated")
    }

    func remove(_ prepared: PreparedPlayback) {}
    func removeAll() {}
}

/// A notice the network layer gives while the preparation is still on its way (the proxy's
/// fetch of the playlist failed) reaches the playback's finish: before, the runner dropped it
/// (no playback had its group yet) and a tile of the montage said only "could not open the media".
@Suite("PlaybackRunner: notices before the preparation's result")
struct EarlyNoticeTests {
    @Test func aNoticeThatCameBeforeThePreparedResultIsKept() async throws {
        let preparer = GatedPreparer()
        let finish = try await PlaybackRunnerTests.onThread { () throws -> FinishReason? in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            runner.start(SessionFixtures.event, as: PlaybackID(rawValue: 1), at: 0)
            preparer.noticeSink.yield(PlaybackNotice(group: "gated", text: "index.m3u8 failed: HTTP 500 after 4 attempts"))
            // Drained while the preparation still waits: nobody has the group yet.
            for _ in 0..<6 {
                _ = try? Poller.wait(for: runner.wakeupDescriptors.map(Poller.Descriptor.readable), until: .now + .milliseconds(50))
                _ = runner.drain()
            }
            preparer.release()
            _ = PlaybackRunnerTests.drain(runner) { $0.contains { $0.kind == .loaded } }
            player.send(PlayerUpdate(PlaybackID(rawValue: 1), .ended(.failed(MediaFailure(mpvMessage: "loading failed")))))
            _ = PlaybackRunnerTests.drain(runner) { updates in updates.contains { if case .finished = $0.kind { true } else { false } } }
            return runner.session?.finishReason
        }
        #expect("\(String(describing: finish))".contains("index.m3u8 failed: HTTP 500 after 4 attempts"), "\(String(describing: finish))")
    }
}
