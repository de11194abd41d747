import EventsAPI
import Foundation
import Player
import TUI

/// The App side of the UI loop, on the loop's thread: it owns the ``AppState`` and the `Player`,
/// feeds them every event (keys, player wakeups, async results, deadlines), runs the effects the
/// reducer returns, and caches the screen the loop draws.
final class TUICoordinator: UILoopDelegate {
    private(set) var screen = ScreenSnapshot()
    var state: AppState
    let services: AppServices
    let preparer: PlaybackPreparer
    let player: Player
    let inbox: Inbox
    /// The playback the player has, and its private files.
    var current: (generation: Int, entry: Inbox.Entry, loadedAt: ContinuousClock.Instant)?
    var currentPlaybackID: PlaybackID?
    var pageTask: Task<Void, Never>?
    var prepareTask: Task<Void, Never>?
    var signInTask: Task<Void, Never>?
    private var requestLogVersion = -1
    private var requestLogRows: [RequestLogRow] = []

    init(state: AppState, services: AppServices, preparer: PlaybackPreparer, player: Player, inbox: Inbox) {
        self.state = state
        self.services = services
        self.preparer = preparer
        self.player = player
        self.inbox = inbox
    }

    var nextDeadline: ContinuousClock.Instant? {
        [state.nextDeadline, player.nextDeadline].compactMap { $0 }.min()
    }

    /// Runs the start effects (first page when signed in) and draws the first screen.
    func start() {
        _ = run(state.start())
        refreshScreen()
    }

    func handle(_ event: UIEvent) -> LoopControl {
        let inputs: [AppInput] = switch event {
        case .action(let action): [.action(action)]
        case .wake("player"): playerInputs(player.drain())
        case .wake: inbox.takeInputs()
        case .deadline: [.tick] + playerInputs(player.tick())
        }
        var control = LoopControl.keepRunning
        for input in inputs where control == .keepRunning {
            control = run(state.reduce(input, now: .now))
            if case .player(.firstFrame) = input { _ = state.reduce(.timeline(timelineRows()), now: .now) }
        }
        refreshScreen()
        return control
    }

    /// Updates of the playback the player has now (a replaced one's last words are dropped).
    private func playerInputs(_ updates: [MPVUpdate]) -> [AppInput] {
        updates.filter { $0.playbackID == currentPlaybackID }.map { .player($0.kind) }
    }

    private func refreshScreen() {
        var next = state.screen()
        if next.overlay == .requestLog {
            let log = services.pipeline.requestLog
            if log.version != requestLogVersion {
                requestLogVersion = log.version
                requestLogRows = RequestLogRows.rows(log.snapshot())
            }
            next.requestLog = requestLogRows
        }
        screen = next
    }

    private func timelineRows() -> [TimelineRow] {
        guard let current else { return [] }
        return StartupTimelineRows.rows(prepare: current.entry.prepared.timings,
                                        requestedAt: current.entry.requestedAt, readyAt: current.entry.readyAt,
                                        loadedAt: current.loadedAt, player: player.snapshot.timeline)
    }

    /// Stops the player and removes every private file (at exit).
    func shutdown() {
        pageTask?.cancel()
        prepareTask?.cancel()
        signInTask?.cancel()
        player.shutdown()
        if let current { preparer.finish(current.entry.prepared) }
        for entry in inbox.takeAllEntries() { preparer.finish(entry.prepared) }
        preparer.removeAll()
    }
}
