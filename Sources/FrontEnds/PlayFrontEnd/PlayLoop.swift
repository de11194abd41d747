import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The owner loop of one headless playback, on its own thread: wait (``Poller``) on the runner's
/// wakeup descriptors and the signal pipe until the next progress deadline, drain, print.
struct PlayLoop {
    let options: HeadlessPlayOptions
    let runner: PlaybackRunner
    var report: PlayReport
    /// The signal that stopped the playback (the exit status is 128 + it), nil when none did.
    private var stoppingSignal: Int32?
    private var framesSeen = false

    init(options: HeadlessPlayOptions, runner: PlaybackRunner, report: PlayReport) {
        self.options = options
        self.runner = runner
        self.report = report
    }

    /// Plays `event` to its finish; returns the exit status.
    mutating func run(_ event: Event) -> Int32 {
        defer { runner.shutdown() }
        let signals = try? Signals.relay([SIGINT, SIGTERM, SIGHUP])
        var updates = runner.start(event, as: PlaybackID(rawValue: 1), at: options.start)
        while true {
            for update in updates {
                if let code = render(update) { return code }
            }
            runner.snapshot.map { report.status($0) }
            let descriptors = (runner.wakeupDescriptors + [signals?.readFD ?? -1]).map(Poller.Descriptor.readable)
            _ = try? Poller.wait(for: descriptors, until: runner.nextDeadline)
            updates = []
            if let signals, let signal = Signals.received(signals).first, stoppingSignal == nil {
                stoppingSignal = signal
                updates += runner.stop()
            }
            updates += runner.drain()
        }
    }

    /// Prints one update; returns the exit status once the playback is over.
    private mutating func render(_ update: PlaybackUpdate) -> Int32? {
        switch update.kind {
        case .refreshing(let denied):
            report.message("refreshing access… (\(denied.status) at \(DurationText.clock(denied.position)))")
        case .timeline(let timeline):
            report.timeline(timeline)
        case .notice(let text):
            report.message(text)
        case .player(.firstFrame):
            framesSeen = true
            if options.frames == 1 {
                runner.snapshot.map { report.status($0) }
                report.message("stopped after the first frame (--frames 1)")
                return 0
            }
        case .finished(let reason):
            runner.snapshot.map { report.status($0) }
            if let frames = options.frames, framesSeen, stoppingSignal == nil {
                report.message("stopped after \(frames) frames (--frames)")
                return 0
            }
            report.finish(reason)
            switch reason {
            case .ended: return 0
            case .error: return 1
            case .userExited: return stoppingSignal.map { 128 + $0 } ?? 0
            case .frameLimitReached: return 0
            }
        default:
            break
        }
        return nil
    }
}
