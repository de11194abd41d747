import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import TUI
import TUIState

/// `eventplayer` with no subcommand: the TUI. The UI loop, the playback runner and the
/// ``AppState`` live on one dedicated thread (it blocks in poll(2)); API calls and playback
/// preparation run in tasks that post their results back and wake the loop.
///
/// ```swift
/// let services = try await AppServices.start(options, demo: DemoBackendStarter())
/// try await InteractiveSession.run(PlaybackOptions(video: .auto), services: services)
/// ```
public enum InteractiveSession {
    /// How a session of the TUI ended.
    public enum Ending: Sendable, Equatable {
        /// The user quit, or a signal ended it: the exit status, 0 or 128 + the signal
        /// (130 SIGINT, 143 SIGTERM, 129 SIGHUP when the terminal hung up).
        case exit(Int32)
        /// The user chose another server in the `N` picker: start the TUI again on it.
        case switchServer(KnownServer.Target)
    }

    /// Runs until the user quits or switches server.
    public static func run(_ options: PlaybackOptions, services: AppServices) async throws -> Ending {
        var options = options
        options.terminalVideo = true
        let configuration = try options.playerConfiguration(config: services.config)
        let glyphs = options.glyphs, graphics = options.graphics
        let preparer = try options.network.preparer(services: services)
        let backend = services.backend
        // A server that needs no sign-in (Frigate's port 5000) shows the list at once.
        let user = await backend.requiresSignIn ? await backend.session?.user.name : "anonymous"
        var initial = AppState(server: services.server.url.absoluteString, isDemo: services.server.isDemo, user: user,
                             videoModeText: videoModeText(configuration.video, glyphs: glyphs), networkText: "net: \(options.network.rawValue)",
                             isTerminalVideo: configuration.video == .terminal, speed: configuration.speed,
                             home: services.paths.home.path, signInLabel: backend.userPrompt,
                             severities: EventFilter.severityChoices(kind: backend.kind, severities: backend.severities), cameraSets: services.config.cameraSets,
                             servers: services.knownServers(),
                             follow: ListFollow(isOn: services.config.follow ?? true,
                                                interval: services.config.followInterval.map { Duration.milliseconds(Int($0 * 1000)) }
                                                    ?? ListFollow.defaultInterval,
                                                notify: NotifyRule(level: services.config.notify, backend: backend.kind,
                                                                   score: services.config.notifyScore)),
                             keepName: backend.keepName)
        initial.loadReviewed(ReviewedMarks.load(from: ReviewedMarks.fileURL(in: services.paths.state)))
        if backend.reviewedOnServer {
            // Marks an earlier session could not send to this server: pending, sent once it answers.
            initial.keepMarksOnServer(pending: PendingMarks.journal(at: PendingMarks.journalURL(in: services.paths.state),
                                                                    server: PendingMarks.serverKey(backend.server)))
        }
        let state = initial
        let logPath = services.paths.logFile.path
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Ending, any Error>) in
            let thread = Thread {
                do {
                    let status = try runLoop(state: state, configuration: configuration, glyphs: glyphs, graphics: graphics,
                                             services: services, preparer: preparer, logPath: logPath)
                    continuation.resume(returning: status)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "eventplayer.ui"
            thread.start()
        }
    }

    /// The video mode as the status bar shows it at start: "terminal·sextant", "window" or "no
    /// video" (with `--video-protocol` auto or sixel, "terminal·sixel" once the terminal answered).
    static func videoModeText(_ mode: VideoMode, glyphs: VideoGlyphs) -> String {
        switch mode {
        case .terminal: "terminal·\(glyphs.rawValue)"
        case .window: "window"
        case .none: "no video"
        }
    }

    /// Blocks this thread until the user quits; the terminal is restored and private files removed on the way out.
    static func runLoop(state: AppState, configuration: PlayerConfiguration, glyphs: VideoGlyphs, graphics: VideoProtocolChoice,
                        services: AppServices, preparer: any PlaybackPreparing, logPath: String) throws -> Ending {
        var state = state
        let (keyMap, problems) = KeyMap.load(userFile: KeyMap.defaultUserFile())
        if let summary = KeyMapDiagnostic.summary(problems) { state.showError(summary) }
        defer { preparer.removeAll() }
        let runner = try PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer, backend: services.backend)
        let wake = try SelfPipe()
        let inbox = Mailbox<AppInput>(wake: wake)
        let coordinator = TUICoordinator(state: state, services: services, runner: runner, inbox: inbox)
        defer { coordinator.shutdown() }
        // The first page is asked for before the terminal is set up: the request and the server's
        // answer overlap ncurses' start and the first paint of the chrome (the list shows sooner).
        coordinator.start()
        var terminalOptions = Terminal.Options()
        terminalOptions.stderrPath = logPath
        let terminal = try Terminal(options: terminalOptions)
        defer { terminal.restore() }
        let loop = UILoop(terminal: terminal, keyMap: keyMap)
        if configuration.video == .terminal {
            loop.video.glyphs = glyphs
            loop.graphicsChoice = graphics
            coordinator.video = TerminalVideoBridge(frames: runner.frames, video: loop.video)
            coordinator.video?.stills = StillLoader(preparer: preparer, configuration: configuration) { inbox.post($0) }
        }
        // A montage's tiles: a runner and a player each, on the same proxy (several playbacks at
        // once), each given the smallest variant of a master playlist that covers its picture;
        // their pictures in panes of their own.
        coordinator.makeTileRunner = { index, count in
            let geometry = loop.tileGeometry(index, of: count)
            let tilePreparer = (preparer as? ProxyPreparer)?.covering(width: geometry.pixelWidth, height: geometry.pixelHeight) ?? preparer
            return try PlaybackRunner(player: try Player(configuration: configuration), preparer: tilePreparer, backend: services.backend)
        }
        coordinator.tileVideo = { loop.tileVideo($0) }
        loop.notificationSettings = NotificationSettings.from(services.config)
        coordinator.notifyTerminal = { loop.notify($0) }
        for fd in runner.wakeupDescriptors { loop.addWakeSource(fd: fd, name: TUICoordinator.playbackWake) }
        loop.addSelfPipe(wake, name: TUICoordinator.appWake)
        loop.run(coordinator)
        if let signal = loop.endingSignal { return .exit(128 + signal) }
        return coordinator.switchTarget.map(Ending.switchServer) ?? .exit(0)
    }
}
