import AppCore
import DemoBackend
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import Testing

/// A real montage: the demo backend's montage scene (docs/demo.md) played by one
/// ``MontagePlayback`` with a real libmpv player per tile (`vo=null`, no audio) through the
/// real playback proxy, driven from a thread of its own the way a front end's poll loop does.
/// The drift is measured here, from each tile's position (read from mpv when asked) against the
/// montage's clock. Here rather than beside the coordinator's tests: those play `--network direct`,
/// whose player reads ffmpeg's process-global log and would take the tiles' lines for its own.
@Suite(.serialized) struct MontagePlaybackTests {
    /// The demo backend in-process on port 0, as the executable's `DemoBackendStarter` starts it.
    struct InProcessDemo: DemoStarting {
        func start(flavor: BackendKind) async throws -> EmbeddedDemo {
            let server = try await DemoServer.start()
            return EmbeddedDemo(baseURL: server.baseURL, email: DemoAccount.email, password: DemoAccount.password,
                                stop: { await server.stop() })
        }
    }

    /// Services as `eventplayer` starts them with the embedded demo backend, a fresh HOME each.
    static func services(home: URL) async throws -> AppServices {
        let env = ["HOME": home.path, "XDG_STATE_HOME": home.appending(path: "state").path,
                   "XDG_CONFIG_HOME": home.appending(path: "config").path]
        return try await AppServices.start(GlobalOptions(), environment: env, demo: InProcessDemo(), notice: { _ in })
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    static let cameras = ["Front Door", "Backyard", "Driveway", "Garage", "Carport"]
    static let playing = [0, 1, 2]

    /// The scene's start (T) and every event around it, from the in-process demo backend.
    static func scene(_ services: AppServices) async throws -> (start: Date, events: [Event]) {
        _ = try await services.backend.signIn(user: DemoAccount.email, password: DemoAccount.password)
        let now = Date()
        let near = try await services.backend.events(cursor: nil, limit: 500, filter: EventFilter(since: now.addingTimeInterval(-4 * 3600),
                                                                                     until: now.addingTimeInterval(-2 * 3600))).events
        let front = try #require(near.first { $0.id == "evt-montage-front" }, "the montage scene is missing (ffmpeg?)")
        let start = front.startTime
        let events = try await services.backend.events(cursor: nil, limit: 500, filter: EventFilter(since: start.addingTimeInterval(-600),
                                                                                       until: start.addingTimeInterval(600))).events
        return (start, events)
    }

    static func montage(events: [Event], at moment: Date, preparer: ProxyPreparer) throws -> MontagePlayback {
        try MontagePlayback(cameras: cameras, events: events, at: moment, now: .now) { _ in
            var configuration = PlayerConfiguration()
            configuration.video = .none
            configuration.audio = false
            configuration.readsFFmpegLog = false   // as PlaybackOptions makes it for --network proxy
            return try PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer)
        }
    }

    /// Runs the owner's loop until `done` holds (or `seconds` passed: then throws).
    static func pump(_ montage: MontagePlayback, seconds: Double = 30, until done: (MontageSnapshot) -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !done(montage.snapshot) {
            guard ContinuousClock.now < deadline else { throw Timeout(snapshot: "\(montage.snapshot)") }
            run(montage, for: .milliseconds(20))
        }
    }

    /// Runs the owner's loop for `duration`.
    static func run(_ montage: MontagePlayback, for duration: Duration) {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            let until = min(montage.nextDeadline ?? end, end)
            _ = try? Poller.wait(for: montage.wakeupDescriptors.map(Poller.Descriptor.readable), until: until)
            _ = montage.drain(now: .now)
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        let snapshot: String
        var description: String { "the montage never got there: \(snapshot)" }
    }

    /// Each playing tile's drift now, in seconds: its position against the clock.
    static func drifts(_ montage: MontagePlayback, tiles: [Int]) -> [Double?] {
        let snapshot = montage.snapshot
        return tiles.map { index in
            let tile = snapshot.tiles[index]
            guard let position = tile.position, let start = tile.eventStart else { return nil }
            return start.addingTimeInterval(position).timeIntervalSince(snapshot.wallTime)
        }
    }

    struct Outcome: Sendable {
        var statuses: [String] = []
        var maxDrift: [Double] = []
        var meanDrift: [Double] = []
        var samples = 0
        var missing = 0
        var pausedPositions: [[Double?]] = []
        var pausedWall: [Date] = []
        var pausedStatuses: [String] = []
        var sought: (wall: Date, positions: [Double?])?
        var afterSeekMax: [Double] = []
        var atDoubleSpeedMax: [Double] = []
        var garageBefore = ""
        var garageJoined: (status: String, wall: Date)?
        var failed = ""
        var othersWhenFailed: [String] = []
    }

    @Test(.timeLimit(.minutes(3)))
    func threeCamerasPlayInStepAndPauseSeekJoinAndFailTogether() async throws {
        let home = FileManager.default.temporaryDirectory.appending(path: "ep-montage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let services = try await Self.services(home: home)
        let (start, events) = try await Self.scene(services)
        let preparer = ProxyPreparer(services: services)
        let outcome = try await Self.onThread { () throws -> Outcome in
            var outcome = Outcome()
            let montage = try Self.montage(events: events, at: start.addingTimeInterval(5), preparer: preparer)
            defer { montage.shutdown() }
            outcome.garageBefore = montage.snapshot.tiles[3].status.text(in: TimeZone(identifier: "UTC")!)
            // All three play (the failing tile does not hold them longer than the hold's patience).
            try Self.pump(montage, seconds: 60) { snapshot in
                !snapshot.isHolding && Self.playing.allSatisfy { snapshot.tiles[$0].status == .playing }
            }
            // Settle (the sync check brings each tile in), then measure for 3 s.
            Self.run(montage, for: .seconds(2))
            var readings: [[Double]] = Self.playing.map { _ in [] }
            let end = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < end {
                Self.run(montage, for: .milliseconds(100))
                for (slot, drift) in Self.drifts(montage, tiles: Self.playing).enumerated() {
                    if let drift { readings[slot].append(drift) } else { outcome.missing += 1 }
                }
                outcome.samples += 1
            }
            outcome.maxDrift = readings.map { $0.map(abs).max() ?? .infinity }
            outcome.meanDrift = readings.map { $0.isEmpty ? .infinity : $0.reduce(0, +) / Double($0.count) }

            // Space: everything stops at one moment.
            montage.perform(.togglePause)
            try Self.pump(montage) { snapshot in
                !snapshot.isHolding && Self.playing.allSatisfy { snapshot.tiles[$0].status == .paused }
            }
            for _ in 0..<2 {
                outcome.pausedPositions.append(Self.playing.map { montage.snapshot.tiles[$0].position })
                outcome.pausedWall.append(montage.snapshot.wallTime)
                Self.run(montage, for: .seconds(1))
            }
            outcome.pausedStatuses = Self.playing.map { "\(montage.snapshot.tiles[$0].status)" }

            // A seek while paused moves every tile to the new moment (and they stay paused).
            montage.perform(.seek(by: 30))
            try Self.pump(montage) { snapshot in
                !snapshot.isHolding && Self.playing.allSatisfy { snapshot.tiles[$0].status == .paused && snapshot.tiles[$0].position != nil }
            }
            outcome.sought = (montage.snapshot.wallTime, Self.playing.map { montage.snapshot.tiles[$0].position })

            // Back to just before Garage's event: it has no recording, then joins when it begins.
            montage.perform(.jump(to: start.addingTimeInterval(17)))
            montage.perform(.togglePause)
            try Self.pump(montage) { snapshot in !snapshot.isHolding && snapshot.tiles[0].status == .playing }
            try Self.pump(montage, seconds: 30) { $0.tiles[3].status == .playing }
            outcome.garageJoined = ("\(montage.snapshot.tiles[3].status)", montage.snapshot.wallTime)
            Self.run(montage, for: .seconds(2))
            outcome.afterSeekMax = Self.playing.map { _ in 0 }
            for _ in 0..<10 {
                Self.run(montage, for: .milliseconds(100))
                for (slot, drift) in Self.drifts(montage, tiles: Self.playing).enumerated() {
                    outcome.afterSeekMax[slot] = max(outcome.afterSeekMax[slot], abs(drift ?? .infinity))
                }
            }

            // Twice as fast: the tiles follow the clock.
            montage.perform(.setSpeed(2))
            Self.run(montage, for: .seconds(2))
            outcome.atDoubleSpeedMax = [0, 1, 2, 3].map { _ in 0 }
            for _ in 0..<10 {
                Self.run(montage, for: .milliseconds(100))
                for (slot, drift) in Self.drifts(montage, tiles: [0, 1, 2, 3]).enumerated() {
                    outcome.atDoubleSpeedMax[slot] = max(outcome.atDoubleSpeedMax[slot], abs(drift ?? .infinity))
                }
            }
            montage.perform(.setSpeed(1))

            // Carport's stream fails; the others play on.
            try Self.pump(montage, seconds: 60) { snapshot in
                if case .failed = snapshot.tiles[4].status { return true } else { return false }
            }
            outcome.failed = "\(montage.snapshot.tiles[4].status)"
            Self.run(montage, for: .milliseconds(500))
            outcome.othersWhenFailed = [0, 1, 2, 3].map { "\(montage.snapshot.tiles[$0].status)" }
            outcome.statuses = montage.snapshot.tiles.map { "\($0.camera): \($0.status)" }
            return outcome
        }
        preparer.removeAll()
        await services.shutdown()

        print("montage drift over \(outcome.samples) samples: max \(outcome.maxDrift.map { Int(($0 * 1000).rounded()) }) ms, "
            + "mean \(outcome.meanDrift.map { Int(($0 * 1000).rounded()) }) ms, missing readings \(outcome.missing); "
            + "after the seek and Garage's join: max \(outcome.afterSeekMax.map { Int(($0 * 1000).rounded()) }) ms; "
            + "at 2× (with Garage): max \(outcome.atDoubleSpeedMax.map { Int(($0 * 1000).rounded()) }) ms")
        print("montage statuses: \(outcome.statuses); failing tile: \(outcome.failed)")
        #expect(outcome.garageBefore.hasPrefix("no recording · next "), "\(outcome.garageBefore)")
        for (slot, drift) in outcome.maxDrift.enumerated() {
            #expect(drift <= 0.040, "\(Self.cameras[slot]) drifted \(drift) s from the clock")
        }
        for (slot, drift) in outcome.afterSeekMax.enumerated() {
            #expect(drift <= 0.040, "\(Self.cameras[slot]) drifted \(drift) s from the clock after a seek")
        }
        // At 2× the bound is the same 40 ms of the viewer's time, 80 ms of the media: a tile d seconds
        // of media off the clock shows each moment d/2 s early or late. (`time-pos` moves a frame,
        // 40 ms of media, at a time at any speed, and a reading taken a few ms late is twice as far
        // off in media: in CI, beside another montage, one reading of a tile on the clock was 44 ms.)
        for (slot, drift) in outcome.atDoubleSpeedMax.enumerated() {
            #expect(drift / 2 <= 0.040, "\(Self.cameras[slot]) drifted \(drift) s of media from the clock at 2×")
        }
        #expect(outcome.missing == 0, "a playing tile had no position")
        // Paused: nothing moves, and every tile shows the clock's moment.
        #expect(outcome.pausedWall.count == 2 && outcome.pausedWall[0] == outcome.pausedWall[1])
        #expect(outcome.pausedPositions.count == 2 && outcome.pausedPositions[0] == outcome.pausedPositions[1], "\(outcome.pausedPositions)")
        #expect(outcome.pausedStatuses == ["paused", "paused", "paused"])
        if let first = outcome.pausedPositions.first, let wall = outcome.pausedWall.first {
            for position in first {
                let drift = start.addingTimeInterval(position ?? -100).timeIntervalSince(wall)
                #expect(abs(drift) <= 0.040, "paused \(drift) s from the clock")
            }
        }
        // The seek moved every tile to the clock's new moment.
        if let sought = outcome.sought {
            for position in sought.positions {
                let drift = start.addingTimeInterval(position ?? -100).timeIntervalSince(sought.wall)
                #expect(abs(drift) <= 0.040, "after the seek \(drift) s from the clock")
            }
        } else {
            Issue.record("no seek")
        }
        #expect(outcome.garageJoined?.status == "playing")
        #expect((outcome.garageJoined?.wall ?? .distantPast) >= start.addingTimeInterval(20), "Garage joined when its event began")
        #expect(outcome.failed.contains("500"), "\(outcome.failed)")
        #expect(outcome.othersWhenFailed == ["playing", "playing", "playing", "playing"], "\(outcome.othersWhenFailed)")
    }
}
