@testable import AppCore
import Foundation
import SystemSupport
import PlaybackStates
import Player
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The runner with a fake player and preparer: the orchestration logic without libmpv or a server.
@Suite("PlaybackRunner: effects on a player and a preparer")
struct PlaybackRunnerTests {
    typealias F = SessionFixtures

    /// Drains until `done` holds for what was published so far (a hang guard of 20 s: the fake
    /// preparer answers from a task, which waits for the cooperative pool when other suites hold it;
    /// the waits here are off the pool).
    static func drain(_ runner: PlaybackRunner, until done: ([PlaybackUpdate]) -> Bool) -> [PlaybackUpdate] {
        var seen: [PlaybackUpdate] = []
        let deadline = Date().addingTimeInterval(20)
        while !done(seen), Date() < deadline {
            _ = try? Poller.wait(for: runner.wakeupDescriptors.map(Poller.Descriptor.readable), until: .now + .milliseconds(50))
            seen += runner.drain()
        }
        return seen
    }

    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test func aPlaybackIsPreparedLoadedUnderItsIdentityAndCleanedUpWhenItStops() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(F.prepared("a")))
        let result = try await Self.onThread { () throws -> ([PlaybackUpdate.Kind], [Double], [PlaybackID?]) in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            let id = PlaybackID(rawValue: 4)
            var seen = runner.start(F.event, as: id, at: 2)
            seen += Self.drain(runner) { $0.contains { $0.kind == .loaded } }
            player.send(PlayerUpdate(id, .playback(.playing)))
            player.send(PlayerUpdate(PlaybackID(rawValue: 3), .ended(.openFailed)))
            player.send(PlayerUpdate(id, .ended(.atTheEnd)))
            seen += Self.drain(runner) { $0.contains { if case .finished = $0.kind { true } else { false } } }
            #expect(seen.allSatisfy { $0.id == id })
            // At its end the player keeps the file: a seek back still reads through them.
            #expect(preparer.removed.isEmpty, "private files kept while the ended playback is loaded")
            runner.stop()
            return (seen.map(\.kind), player.loads.map(\.at), player.loads.map(\.id))
        }
        #expect(result.0 == [.preparing, .loaded, .player(.playback(.playing)), .finished(.ended)])
        #expect(result.1 == [2])
        #expect(result.2 == [PlaybackID(rawValue: 4)])
        #expect(preparer.removed == ["a"], "private files removed with the stop")
    }

    @Test func startingAnotherEventStopsTheCurrentOneAndDropsItsLateResult() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(F.prepared("first")))
        preparer.answer(.success(F.prepared("second")))
        let loads = try await Self.onThread { () throws -> [PlaybackID?] in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            runner.start(F.event, as: PlaybackID(rawValue: 1), at: 0)
            runner.start(F.event, as: PlaybackID(rawValue: 2), at: 0)
            _ = Self.drain(runner) { _ in player.loads.count == 1 && preparer.removed.count == 1 }
            return player.loads.map(\.id)
        }
        #expect(loads == [PlaybackID(rawValue: 2)], "only the newest playback reaches the player")
        #expect(preparer.removed.count == 1, "the replaced playback's prepared files are removed")
    }

    @Test func accessDeniedIsHandledInOnePlaceAndReloadsUnderTheSameIdentity() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(F.prepared("a")))
        preparer.answer(.success(F.prepared("b")))
        let outcome = try await Self.onThread { () throws -> ([Double], [PlaybackID?], [PlaybackUpdate.Kind]) in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            let id = PlaybackID(rawValue: 9)
            runner.start(F.event, as: id, at: 0)
            _ = Self.drain(runner) { $0.contains { $0.kind == .loaded } }
            player.send(PlayerUpdate(id, .progress(PlaybackProgress(position: 3, duration: 10))))
            player.send(PlayerUpdate(id, .accessDenied(AccessDenied(status: 403, position: 3, message: "403"))))
            let seen = Self.drain(runner) { _ in player.loads.count == 2 }
            return (player.loads.map(\.at), player.loads.map(\.id), seen.map(\.kind))
        }
        #expect(preparer.calls == [false, true], "the second preparation fetches fresh tokens")
        #expect(outcome.0 == [0, 3])
        #expect(outcome.1 == [PlaybackID(rawValue: 9), PlaybackID(rawValue: 9)])
        #expect(outcome.2.contains(.refreshing(AccessDenied(status: 403, position: 3, message: "403"))))
        #expect(preparer.removed == ["a"], "the first playlist goes once the reload has the fresh one")
    }

    @Test func playAfterAStopPreparesAfreshAtTheKnob() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(F.prepared("a")))
        preparer.answer(.success(F.prepared("b")))
        let loads = try await Self.onThread { () throws -> [Double] in
            let player = try FakePlayer()
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            let id = PlaybackID(rawValue: 1)
            runner.start(F.event, as: id, at: 0)
            _ = Self.drain(runner) { $0.contains { $0.kind == .loaded } }
            player.send(PlayerUpdate(id, .progress(PlaybackProgress(position: 6, duration: 10))))
            _ = Self.drain(runner) { !$0.isEmpty }
            runner.perform(.stop)
            runner.perform(.play)
            _ = Self.drain(runner) { _ in player.loads.count == 2 }
            return player.loads.map(\.at)
        }
        #expect(loads == [0, 6])
        #expect(preparer.removed == ["a"], "stopping removed the first playlist; the new one is in use")
    }

    @Test func aRejectedLoadFinishesAsAnErrorAndRemovesTheFiles() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(F.prepared("a")))
        let kinds = try await Self.onThread { () throws -> [PlaybackUpdate.Kind] in
            let player = try FakePlayer()
            player.rejectLoads = true
            let runner = try PlaybackRunner(player: player, preparer: preparer)
            runner.start(F.event, as: PlaybackID(rawValue: 1), at: 0)
            return Self.drain(runner) { $0.contains { if case .finished = $0.kind { true } else { false } } }.map(\.kind)
        }
        #expect(kinds.last == .finished(.error("the player could not start: mpv said no")))
        #expect(preparer.removed == ["a"])
    }
}
