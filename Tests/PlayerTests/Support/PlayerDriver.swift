import Foundation
import SystemSupport
import PlaybackStates
import Testing
@testable import Player
#if canImport(Glibc)
import Glibc
#endif

/// The owner's loop as the TUI and `eventplayer play` run it: poll the wakeup descriptor with the
/// progress deadline as timeout, drain, tick. Collects every update.
final class PlayerDriver {
    let player: Player
    private(set) var updates: [PlayerUpdate] = []

    init(_ configuration: PlayerConfiguration = PlayerDriver.configuration()) throws {
        player = try Player(configuration: configuration)
    }

    /// `vo=null ao=null`, optionally faster.
    static func configuration(speed: Double = 1, extra: [MPVOption] = []) -> PlayerConfiguration {
        var configuration = PlayerConfiguration()
        configuration.video = .none
        configuration.networkTimeout = 5
        configuration.extraOptions = [MPVOption(name: "ao", value: "null"), MPVOption(name: "speed", value: String(speed))] + extra
        return configuration
    }

    /// Runs the loop until `done` holds for the snapshot (returns true) or `limit` passes (a hang
    /// guard, false: the caller's expectation then fails with what was seen).
    @discardableResult
    func run(limit: Duration = .seconds(30), until done: (PlayerSnapshot) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let turn = ContinuousClock.now + .milliseconds(25)
            _ = try? Poller.wait(for: [.readable(player.wakeupDescriptor)], until: min(player.nextDeadline ?? turn, turn))
            updates += player.drain()
            updates += player.tick()
            if done(player.snapshot) { return true }
            await Task.yield()
        }
        return done(player.snapshot)
    }

    /// Stops the player and records the stopped playback's last updates (``Player/stop()`` returns
    /// them instead of leaving them for the next drain).
    func stop() { updates += player.stop() }

    /// Runs the loop for `duration`, collecting updates.
    func run(for duration: Duration) async {
        let end = ContinuousClock.now + duration
        await run(limit: duration + .seconds(1)) { _ in ContinuousClock.now >= end }
    }

    /// Updates of one playback.
    func updates(of id: PlaybackID) -> [PlayerUpdate.Kind] { updates.filter { $0.playbackID == id }.map(\.kind) }

    /// The ends `id` reported, as the playback session classifies them.
    func finishes(of id: PlaybackID) -> [FinishReason] {
        updates(of: id).compactMap(\.finish)
    }

    /// The message `id` finished with as an error; nil (and an issue recorded, with the recent
    /// log) when it finished otherwise or not at all.
    func errorMessage(of id: PlaybackID, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        if case .error(let message)? = finishes(of: id).first { return message }
        Issue.record("expected an error, got \(finishes(of: id)); log: \(player.recentLogMessages)", sourceLocation: sourceLocation)
        return nil
    }

    /// Playback states seen for `id`, in order.
    func states(of id: PlaybackID) -> [PlaybackState] {
        updates(of: id).compactMap { if case .playback(let state) = $0 { state } else { nil } }
    }

    func forgetUpdates() { updates = [] }

    /// Threads of this process that libmpv started (named "mpv/…") for playbacks: the process's
    /// ffmpeg log anchor (one idle instance for the life of the process) is left out.
    static func mpvThreads() -> [String] {
        let anchor = FFmpegLogAnchor.shared?.threadIDs ?? []
        return FFmpegLogAnchor.mpvThreadIDs().subtracting(anchor).sorted()
    }
}
