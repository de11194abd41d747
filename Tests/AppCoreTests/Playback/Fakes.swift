@testable import AppCore
import SystemSupport
import EventsAPI
import Foundation
import Player
import Playlist
import Synchronization

/// A player that records what it is asked and plays back scripted updates (no libmpv).
final class FakePlayer: PlayerControlling {
    let wake: SelfPipe
    var nextDeadline: ContinuousClock.Instant?
    var snapshot = PlayerSnapshot()
    private(set) var loads: [(source: MediaSource, at: Double, id: PlaybackID?)] = []
    private(set) var commands: [PlayerCommand] = []
    private var queued: [PlayerUpdate] = []
    var rejectLoads = false

    init() throws { wake = try SelfPipe() }

    var wakeupDescriptor: Int32 { wake.readFD }

    func load(_ source: MediaSource, startAt: Double, as id: PlaybackID?) throws -> PlaybackID {
        if rejectLoads { throw FakeError(message: "mpv said no") }
        loads.append((source, startAt, id))
        let id = id ?? PlaybackID(rawValue: 99)
        snapshot.playbackID = id
        return id
    }

    func perform(_ command: PlayerCommand) {
        commands.append(command)
    }

    func stop() -> [PlayerUpdate] {
        commands.append(.stop)
        return snapshot.playbackID.map { [PlayerUpdate($0, .ended(.stopped))] } ?? []
    }

    func latestFrame(width: Int, height: Int, pixelAspect: Double) -> SoftwareFrame? { nil }

    func send(_ update: PlayerUpdate) {
        queued.append(update)
        wake.wake()
    }

    func drain() -> [PlayerUpdate] {
        wake.drain()
        defer { queued = [] }
        return queued
    }

    func tick(now: ContinuousClock.Instant) -> [PlayerUpdate] { [] }
    func shutdown() {}
}

struct FakeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A preparer whose answers the test gives, one per call, in order; it records removals.
final class FakePreparer: PlaybackPreparing {
    private let state = Mutex<(answers: [Result<PreparedPlayback, FakeError>], calls: [Bool], removed: [String])>(([], [], []))

    func answer(_ result: Result<PreparedPlayback, FakeError>) { state.withLock { $0.answers.append(result) } }
    var calls: [Bool] { state.withLock { $0.calls } }
    var removed: [String] { state.withLock { $0.removed } }

    func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        let answer = state.withLock { state -> Result<PreparedPlayback, FakeError>? in
            state.calls.append(refreshTokens)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw FakeError(message: "no answer scripted") }
        return try answer.get()
    }

    func remove(_ prepared: PreparedPlayback) { state.withLock { $0.removed.append(prepared.playbackID) } }
    func removeAll() {}

    /// Notices the test sends, as the proxy would.
    let (notices, noticeSink) = AsyncStream.makeStream(of: PlaybackNotice.self)
}
