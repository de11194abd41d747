import Foundation
import PlaybackStates
import SystemSupport

/// The one UI thread: waits (``Poller``) on stdin, the signal self-pipe and the App's wake fds until
/// the delegate's next deadline (no busy loop). Each turn it renders the delegate's screen
/// (only changed views redraw, one `doupdate()`), then turns input into ``UIEvent``s.
///
/// ```swift
/// let terminal = try Terminal()
/// defer { terminal.restore() }
/// let loop = UILoop(terminal: terminal, keyMap: KeyMap.load(userFile: KeyMap.defaultUserFile()).map)
/// loop.addWakeSource(fd: player.wakeupFD, name: "player")
/// loop.addSelfPipe(appWake, name: "app")
/// loop.run(coordinator)                      // returns when the coordinator answers .quit
/// ```
public final class UILoop {
    let terminal: Terminal
    /// The bindings used for keys, hints and the help overlay.
    public var keyMap: KeyMap
    private var sources: [(fd: Int32, name: String, pipe: SelfPipe?)] = []
    var viewState = ViewState()
    private(set) var layout: ScreenLayout
    private var shownOverlay: Overlay?
    private var reportedDeadline: ContinuousClock.Instant?
    private var running = false
    private var stdinOpen = true
    /// Continued in the background (`bg`): nothing is drawn and the terminal is not read; the loop
    /// looks every ``backgroundCheck`` for the foreground (bash's `fg` of a running job sends no
    /// signal), then redraws everything.
    private var inBackground = false
    static let backgroundCheck: Duration = .milliseconds(250)
    /// The signal that ended the loop (SIGINT, SIGTERM, or SIGHUP when the terminal hung up), nil
    /// when the user quit: the process exits 128 + the signal, as the shell reports a process the
    /// signal killed.
    public private(set) var endingSignal: Int32?
    /// Number of views redrawn by the last turn (benchmarks, tests).
    public private(set) var lastRedrawCount = 0
    /// Terminal video, drawn into the video pane between ncurses updates (UILoop+Video.swift).
    public let video: TerminalVideo
    /// The video pane's geometry the delegate last heard of (``videoResizedWake``).
    var reportedVideoGeometry: VideoGeometry?
    /// The pane showed video (a picture ncurses does not know of) at the last render.
    var paneShowedVideo = false
    /// Where the video pane was at the last render.
    var paneVideoRect = Rect.zero
    /// How terminal video should be drawn; set before ``run(_:)`` (UILoop+Graphics.swift).
    public var graphicsChoice: VideoProtocolChoice = .cells
    /// The start-up graphics queries while their answers are awaited; when the mode is decided
    /// without them and when replies stop being looked for; what the decision was based on.
    var graphicsProbe: GraphicsProbe?
    var graphicsDeadline: ContinuousClock.Instant?
    var graphicsCutoff: ContinuousClock.Instant?
    var graphicsDecided = false
    var decidedGraphics = TerminalGraphics()
    /// The pixel the shared memory query points at, until the probe ends.
    var graphicsProbeImage: SharedMemoryImage?
    /// Keys typed while the probe reads the terminal, handed to ncurses when it ends.
    var graphicsHeldKeys: [UInt8] = []
    /// A montage's tile pictures (UILoop+Montage.swift), and where they showed video at the last render.
    var tileVideos: [TerminalVideo] = []
    var tilesShowingVideo: [Rect] = []
    /// How notifications are written (UILoop+Notify.swift); nil: none are.
    public var notificationSettings: NotificationSettings?
    /// Notifications waiting for the next screen update.
    var pendingNotices: [TerminalNotice] = []

    public init(terminal: Terminal, keyMap: KeyMap = .defaults) {
        self.terminal = terminal
        self.keyMap = keyMap
        layout = ScreenLayout(columns: terminal.size.columns, rows: terminal.size.rows)
        video = Self.makeVideo()
    }

    /// The ``UIEvent/wake(_:)`` name for the delegate's own ``UILoopDelegate/wakeDescriptors``.
    public static let delegateWake = "delegate"

    /// Polls `fd` too; when readable the delegate gets `.wake(name)` and must drain it (e.g. mpv's wakeup pipe).
    public func addWakeSource(fd: Int32, name: String) {
        sources.append((fd, name, nil))
    }

    /// Polls the pipe too; the loop drains it and reports `.wake(name)`.
    public func addSelfPipe(_ pipe: SelfPipe, name: String) {
        sources.append((pipe.readFD, name, pipe))
    }

    /// Runs until the delegate answers ``LoopControl/quit`` (or stdin is gone). Does not restore the terminal.
    public func run(_ delegate: any UILoopDelegate) {
        running = true
        var firstTurn = true
        while running {
            render(delegate.screen)
            reportVideoGeometry(to: delegate)
            if firstTurn {
                firstTurn = false
                startGraphicsProbe()   // after the first paint: the list is never delayed
            }
            let extra = delegate.wakeDescriptors
            let descriptors = [Poller.Descriptor.readable(stdinOpen && !inBackground ? 0 : -1), .readable(terminal.signals.readFD)]
                + sources.map { .readable($0.fd) } + extra.map { .readable($0) } + [videoPollDescriptor]
            let until = [waitDeadline(delegate.nextDeadline), graphicsWakeTime, video.group.link.replies.releaseTime,
                         inBackground ? ContinuousClock.now + Self.backgroundCheck : nil].compactMap { $0 }.min()
            guard let ready = try? Poller.wait(for: descriptors, until: until) else {
                deliver(.action(.quit), to: delegate)
                break
            }
            var mayRead = true
            if !ready[1].isEmpty {
                for signal in Signals.received(terminal.signals) where running { handle(signal: signal, delegate: delegate) }
                // A signal may have stopped us (Ctrl-Z) until `bg` continued us in the background:
                // stdin's readiness is from before, and a read now fails (EIO), which means a
                // terminal gone: the program quit while the video's status replies waited.
                mayRead = Terminal.isForeground
            }
            if running, mayRead, !ready[0].isEmpty {
                if graphicsProbe == nil, video.group.link.hasAsked {   // status replies to take out (UILoop+Video.swift)
                    if !readThroughLink(delegate: delegate) {
                        stdinOpen = false
                        deliver(.action(.quit), to: delegate)
                    }
                } else if graphicsProbe == nil {
                    handleStdin(ready[0], delegate: delegate)
                } else if !readGraphicsReplies(delegate: delegate) {
                    stdinOpen = false
                    deliver(.action(.quit), to: delegate)
                }
            }
            if running { checkGraphicsDeadlines(delegate: delegate) }
            if running { releaseHeldInput(delegate: delegate) }
            if !ready[ready.count - 1].isEmpty { video.group.flush() }
            for (index, source) in sources.enumerated() where running && !ready[index + 2].isEmpty {
                source.pipe?.drain()
                deliver(.wake(source.name), to: delegate)
            }
            if running, ready[(2 + sources.count)..<(2 + sources.count + extra.count)].contains(where: { !$0.isEmpty }) {
                deliver(.wake(Self.delegateWake), to: delegate)
            }
            if running, let deadline = delegate.nextDeadline, deadline <= .now, deadline != reportedDeadline {
                reportedDeadline = deadline
                deliver(.deadline, to: delegate)
            }
        }
        video.hide()   // nothing of the picture stays once the terminal is handed back
        tileVideos.forEach { $0.hide() }
        graphicsProbeImage?.unlink()
    }

    func deliver(_ event: UIEvent, to delegate: any UILoopDelegate) {
        if delegate.handle(event) == .quit { running = false }
    }

    /// The deadline to wait until: none once the delegate has heard of it (``UIEvent/deadline``
    /// is delivered once per deadline).
    private func waitDeadline(_ deadline: ContinuousClock.Instant?) -> ContinuousClock.Instant? {
        deadline == reportedDeadline ? nil : deadline
    }

    func render(_ screen: ScreenSnapshot) {
        // In the background (continued by `bg`) the terminal is the shell's: nothing is drawn;
        // back in the foreground (`fg`) everything is drawn again.
        guard Terminal.isForeground else {
            if !inBackground {   // frames would land on the shell's screen: none until fg
                video.leaveTerminal()
                tileVideos.forEach { $0.leaveTerminal() }
            }
            inBackground = true
            writeNotifications(inForeground: false)
            return
        }
        if inBackground {
            // Back in the foreground (`fg` of a running job sends no signal): the shell set its own
            // terminal modes while it had the terminal (echo on: the video's status replies showed
            // as `^[[0n` and scrolled the screen); ours again, and everything drawn again.
            inBackground = false
            terminal.screen.resume()
            terminal.applyWindowSize()
        }
        let size = terminal.screen.size
        layout = ScreenLayout(columns: size.columns, rows: size.rows, fullPane: screen.isFullPane)
        if screen.overlay != shownOverlay {
            shownOverlay = screen.overlay
            viewState.overlayScroll = 0
        }
        let panes = ScreenComposer.panes(screen, layout: layout, keyMap: keyMap, state: &viewState)
        video.finishPending()
        tileVideos.forEach { $0.finishPending() }
        eraseVideoIfGone(screen)
        eraseTilesIfGone(screen)
        lastRedrawCount = terminal.screen.present(panes, besidePictures: paneShowedVideo || !tilesShowingVideo.isEmpty)
        if lastRedrawCount > 0 { video.group.link.textWritten() }   // the round trip waits for a quiet link
        placeVideo(screen)
        placeTileVideos(screen)
        writeNotifications(inForeground: true)
    }

    private func handle(signal: Int32, delegate: any UILoopDelegate) {
        switch signal {
        case SIGINT, SIGTERM:
            if endingSignal == nil { endingSignal = signal }
            deliver(.action(.quit), to: delegate)
        case SIGHUP:
            stdinOpen = false
            if endingSignal == nil { endingSignal = signal }
            deliver(.action(.quit), to: delegate)
        case SIGWINCH:
            terminal.applyWindowSize()
            Self.readCellShape(into: video)
            reaskCellSize()
        case SIGTSTP:
            deliver(.action(.suspend), to: delegate)
            video.hide()   // a kitty image would stay over the shell
            tileVideos.forEach { $0.hide() }
            terminal.suspendUntilContinued()
            deliver(.action(.resume), to: delegate)
        case SIGCONT:
            // Continued (after a SIGSTOP, or Ctrl-Z): a full redraw in the foreground; in the
            // background (`bg`) nothing (``render(_:)`` draws only in the foreground).
            guard Terminal.isForeground else { break }
            terminal.screen.resume()   // stopped from outside (SIGSTOP), the shell set its own modes
            terminal.applyWindowSize()
            Self.readCellShape(into: video)
        default:
            break
        }
    }

    private func handleStdin(_ events: Poller.Events, delegate: any UILoopDelegate) {
        var available: Int32 = 0
        if events.isHangUpOrError || (ioctl(0, UInt(FIONREAD), &available) == 0 && available == 0) {
            stdinOpen = false   // the terminal is gone (SSH drop): quit
            deliver(.action(.quit), to: delegate)
            return
        }
        handleInput(delegate: delegate)
    }

    /// Turns what ncurses has read into actions for the delegate.
    func handleInput(delegate: any UILoopDelegate) {
        for event in terminal.screen.readInput() where running {
            switch event {
            case .resize:
                terminal.applyWindowSize()
                Self.readCellShape(into: video)
            case .mouse(let column, let row, let button):
                let screen = delegate.screen
                if screen.overlay != nil, button != .left {
                    viewState.overlayScroll += button == .wheelUp ? -3 : 3
                } else if let action = MouseRouting.action(column: column, row: row, button: button, layout: layout,
                                                           screen: screen, listTop: viewState.listTop) {
                    deliver(.action(action), to: delegate)
                }
            case .key(let key):
                if let action = KeyRouting.action(for: key, screen: delegate.screen, keyMap: keyMap,
                                                  layout: layout, viewState: &viewState) {
                    deliver(.action(action), to: delegate)
                }
            }
        }
    }
}
