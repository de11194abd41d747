import AppCore
import EventsAPI
import Foundation
import Player
import SystemSupport
import TUI
import TUIState

/// The App side of the UI loop, on the loop's thread: it owns the ``AppState`` and the
/// ``PlaybackRunner``, feeds the state every event (keys, playback updates, async results,
/// deadlines), runs the effects the reducer returns, and caches the screen the loop draws.
final class TUICoordinator: UILoopDelegate {
    private(set) var screen = ScreenSnapshot()
    var state: AppState
    let services: AppServices
    let runner: PlaybackRunner
    let inbox: Mailbox<AppInput>
    /// Terminal video, when the pane shows it.
    var video: TerminalVideoBridge?
    var pageTask: Task<Void, Never>?
    /// The server the user chose in the `N` picker: the loop ends and the TUI starts on it.
    var switchTarget: KnownServer.Target?
    var signInTask: Task<Void, Never>?
    /// The background export (`e`); cancelled at exit (its `.part` stays for a resume).
    var exportTask: Task<Void, Never>?
    /// The timeline's window fetches (`T`), of fetch generation ``timelineGeneration``.
    var timelineTasks: [Task<Void, Never>] = []
    var timelineGeneration = 0
    /// The montage (`M`; TUICoordinator+Montage.swift): its players, the fetch of its events, the
    /// bridges carrying its tiles' frames, how to make a tile's runner and find a tile's pane.
    var montage: MontagePlayback?
    var montageTask: Task<Void, Never>?
    /// The stretch of time whose events the montage asked for (fetched again as its clock moves on).
    var montageSpan: MontageEventSpan?
    var tileBridges: [TileKey: TerminalVideoBridge] = [:]
    var tileRotation = TileRotation()
    /// Makes tile `index`'s runner of a montage of `count` tiles.
    var makeTileRunner: ((_ index: Int, _ count: Int) throws -> PlaybackRunner)?
    var tileVideo: ((Int) -> TerminalVideo)?
    /// Writes a notification to the terminal (the loop's ``UILoop/notify(_:)``; Notify/).
    var notifyTerminal: ((TerminalNotice) -> Void)?
    /// The live view's frames as the pane draws them (Live/), for the playback it measures.
    var liveMeter: (id: PlaybackID, meter: LiveFrameMeter)?
    private var requestLogVersion = -1
    /// The pane's drawing mode the status bar was last told of.
    private var reportedVideoMode: String?
    private var requestLogRows: [RequestLogRow] = []

    /// Wake-source names for ``UILoop/addWakeSource(fd:name:)``.
    static let playbackWake = "playback"
    static let appWake = "app"

    init(state: AppState, services: AppServices, runner: PlaybackRunner, inbox: Mailbox<AppInput>) {
        self.state = state
        self.services = services
        self.runner = runner
        self.inbox = inbox
    }

    var nextDeadline: ContinuousClock.Instant? {
        [state.nextDeadline, runner.nextDeadline, montage?.nextDeadline].compactMap { $0 }.min()
    }

    var wakeDescriptors: [Int32] { montage?.wakeupDescriptors ?? [] }

    /// Runs the start effects (first page when signed in) and draws the first screen.
    func start() {
        fetchCameras()
        _ = run(state.start())
        refreshScreen()
    }

    func handle(_ event: UIEvent) -> LoopControl {
        let inputs: [AppInput] = switch event {
        case .action(let action): [.action(action)]
        case .wake(Self.playbackWake): runner.drain().map(AppInput.playback)
        case .wake(UILoop.videoResizedWake): []   // the refresh below sizes frames and stills anew
        case .wake(UILoop.graphicsWake): []   // the mode is reported below
        case .wake(UILoop.delegateWake): drainMontage()
        case .wake: inbox.take()
        case .deadline: [.tick] + runner.drain().map(AppInput.playback) + drainMontage()
        }
        var control = apply(inputs)
        refreshScreen()
        video?.refresh(still: state.shownStillEventID)
        refreshTiles()
        if measureLive() == .quit { control = .quit }
        // The status bar names how the pane draws: decided at start (graphicsWake), and changed
        // when a slow link takes real pixels away.
        if let mode = video.map({ "terminal·\($0.video.modeName)" }), mode != reportedVideoMode {
            reportedVideoMode = mode
            if apply([.videoMode(mode)]) == .quit { control = .quit }
            refreshScreen()
        }
        return control
    }

    /// Reduces each input and runs its effects; effects may produce more inputs (playback updates).
    func apply(_ inputs: [AppInput]) -> LoopControl {
        var queue = inputs[...]
        while let input = queue.popFirst() {
            let effects = state.reduce(input, now: .now)
            switch run(effects) {
            case .quit: return .quit
            case .continue(let more): queue.append(contentsOf: more)
            }
        }
        return .keepRunning
    }

    func refreshScreen() {
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

    /// Stops the playback (its private files go) and the async work (at exit).
    func shutdown() {
        pageTask?.cancel()
        signInTask?.cancel()
        exportTask?.cancel()
        timelineTasks.forEach { $0.cancel() }
        stopMontage()
        video?.stills?.shutdown()
        runner.shutdown()
        flushReviewed()
    }
}
