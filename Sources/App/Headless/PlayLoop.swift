import EventsAPI
import Foundation
import Player
import Playlist
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The owner loop of one headless playback, on its own thread: poll(2) on the player's wakeup
/// pipe and the signal pipe until the next progress deadline, drain, report.
struct PlayLoop {
    let options: HeadlessPlayOptions
    let configuration: PlayerConfiguration
    let event: Event
    let preparer: PlaybackPreparer
    let started: ContinuousClock.Instant

    func run(first: PreparedPlayback, report: inout PlayReport) -> Int32 {
        var prepared = first
        defer { preparer.finish(prepared) }
        let player: Player
        var current: PlaybackID
        do {
            player = try Player(configuration: configuration)
            current = try player.load(preparer.mediaSource(prepared), startAt: options.start)
        } catch {
            report.finish(.error("\(error)"), ms: ms())
            return 1
        }
        defer { player.shutdown() }
        let signals = try? Signals.relay([SIGINT, SIGTERM, SIGHUP])
        var stoppedBySignal = false
        var framesSeen = false
        while true {
            var fds = [pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals?.readFD ?? -1, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, nfds_t(fds.count), player.pollTimeout())
            if let signals, !Signals.received(signals).isEmpty, !stoppedBySignal {
                stoppedBySignal = true
                player.stop()
            }
            // A reload (token refresh) finishes the superseded playback as userExited: follow the current one.
            for update in player.drain() + player.tick() where update.playbackID == current {
                switch update.kind {
                case .firstFrame:
                    framesSeen = true
                    report.timeline(prepare: prepared.timings, player: player.snapshot.timeline)
                    if options.frames == 1 {
                        report.status(player.snapshot, ms: ms())
                        report.message("stopped after the first frame (--frames 1)", ms: ms())
                        return 0
                    }
                case .accessDenied(let denied):
                    report.message("refreshing access… (\(denied.status) at \(PlaybackProgress.clock(denied.position)))", ms: ms())
                    switch blockingAwait({ [preparer, event] in try await preparer.prepare(event, refreshTokens: true) }) {
                    case .success(let renewed):
                        preparer.finish(prepared)
                        prepared = renewed
                        do { current = try player.load(preparer.mediaSource(renewed), startAt: denied.position) } catch {
                            report.finish(.error("\(error)"), ms: ms())
                            return 1
                        }
                    case .failure(let error):
                        report.finish(.error("access refused and fresh tokens did not help: \(error)"), ms: ms())
                        return 1
                    }
                case .finished(let reason):
                    report.status(player.snapshot, ms: ms())
                    if options.frames != nil, framesSeen, !stoppedBySignal {
                        report.message("stopped after \(options.frames!) frames (--frames)", ms: ms())
                        return 0
                    }
                    report.finish(reason, ms: ms())
                    switch reason {
                    case .ended: return 0
                    case .error: return 1
                    case .userExited: return stoppedBySignal ? 130 : 0
                    }
                default:
                    break
                }
            }
            report.status(player.snapshot, ms: ms())
        }
    }

    func ms() -> Int { HeadlessPlayback.elapsed(since: started) }
}
