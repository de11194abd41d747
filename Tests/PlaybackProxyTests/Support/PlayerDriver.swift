import AppCore
import PlaybackStates
import Foundation
import Player
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The owner's loop as the TUI and `eventplayer play` run it (as in PlayerTests): wait on the wakeup
/// descriptor (``Poller``), drain, tick. Collects every update.
final class PlayerDriver {
    let player: Player
    private(set) var updates: [PlayerUpdate] = []

    /// `readahead`: seconds mpv buffers ahead (nil: its network default, which reads a short
    /// event whole at once).
    init(speed: Double = 1, readahead: Double? = nil) throws {
        var configuration = PlayerConfiguration()
        configuration.video = .none
        configuration.networkTimeout = 5
        configuration.progressInterval = .milliseconds(100)
        // As eventplayer plays through the proxy: failures come from the proxy's events, not from
        // ffmpeg's process-global log (which cannot say which of several players a line is about).
        configuration.readsFFmpegLog = false
        configuration.extraOptions = [MPVOption(name: "ao", value: "null"), MPVOption(name: "speed", value: String(speed))]
        if let readahead {
            configuration.extraOptions += [MPVOption(name: "cache", value: "no"),
                                           MPVOption(name: "demuxer-readahead-secs", value: String(readahead))]
        }
        player = try Player(configuration: configuration)
    }

    /// Stops the player and records the stopped playback's last updates (``Player/stop()`` returns
    /// them instead of leaving them for the next drain).
    func stop() { updates += player.stop() }

    /// Runs the loop until `done` holds (true) or `limit` passes (false).
    @discardableResult
    func run(limit: Duration = .seconds(40), until done: (PlayerSnapshot) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            step()
            if done(player.snapshot) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return done(player.snapshot)
    }

    /// ``run(limit:until:)`` blocking the calling thread: for a player on a thread of its own
    /// (``ThreadedPlayback``), never on the cooperative pool.
    @discardableResult
    func runBlocking(limit: Duration = .seconds(40), until done: (PlayerSnapshot) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            step()
            if done(player.snapshot) { return true }
        }
        return done(player.snapshot)
    }

    /// One turn of the loop: wait for the wakeup descriptor (10 ms at most), drain, tick.
    private func step() {
        let turn = ContinuousClock.now + .milliseconds(10)
        _ = try? Poller.wait(for: [.readable(player.wakeupDescriptor)], until: min(player.nextDeadline ?? turn, turn))
        updates += player.drain()
        updates += player.tick()
    }

    /// The ends `id` reported (facts; the playback session decides the finish reason).
    func ends(of id: PlaybackID) -> [PlaybackEnd] {
        updates.filter { $0.playbackID == id }.compactMap { if case .ended(let end) = $0.kind { end } else { nil } }
    }

    /// The ends `id` reported, as the playback session classifies them.
    func finishes(of id: PlaybackID) -> [FinishReason] {
        ends(of: id).map { FinishClassifier.reason(for: $0) }
    }

    /// Positions at which `id` was reported paused before it finished (keep-open pauses at the end).
    func pausePositions(of id: PlaybackID) -> [Double] {
        var position = 0.0
        var paused: [Double] = []
        for update in updates where update.playbackID == id {
            switch update.kind {
            case .progress(let progress): position = progress.position
            case .playback(.paused): paused.append(position)
            case .ended: return paused
            default: break
            }
        }
        return paused
    }

    /// Positions seen, in order.
    func positions(of id: PlaybackID) -> [Double] {
        updates.filter { $0.playbackID == id }.compactMap { if case .progress(let progress) = $0.kind { progress.position } else { nil } }
    }
}
