import Foundation
import PlaybackStates

/// Asking the terminal what it draws (``GraphicsProbe``), once, right after the first paint: the
/// list is never delayed. The pane's mode is decided when the terminal has answered, or when
/// ``graphicsBudget`` has passed (a silent terminal gets cells). Until the answer is complete (or
/// ``graphicsCutoff``) the loop reads the terminal's input itself, takes the replies out and
/// gives ncurses back whatever else arrived (keys typed meanwhile), in order: an answer that comes
/// late, over a slow link, is still never taken for keys, and still switches the pane to sixel.
/// Keys typed meanwhile are held and given to ncurses when the probe ends (the device attributes'
/// answer, within milliseconds on any working terminal; the cutoff for one that never answers):
/// handed over earlier, ncurses' own read for the next key would take replies still on their way
/// for keys.
/// The delegate hears ``graphicsWake`` whenever the mode is decided.
extension UILoop {
    /// How long the terminal has to answer before the pane starts with cells.
    static let graphicsBudget: Duration = .milliseconds(100)
    /// How long a late answer is still taken out of the input.
    static let graphicsCutoff: Duration = .seconds(3)
    /// The name of the ``UIEvent/wake(_:)`` sent when the pane's way of drawing is decided.
    public static let graphicsWake = "graphics"

    /// Sends the queries (after the first render), unless cells were asked for or the terminal
    /// is not a terminal.
    func startGraphicsProbe() {
        guard graphicsChoice != .cells, isatty(0) == 1, isatty(1) == 1 else { return }
        graphicsProbeImage = try? SharedMemoryImage(bytes: [0, 0, 0])
        let query = GraphicsProbe.query(sharedMemory: graphicsProbeImage?.name)
        let written = query.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        guard written == query.count else { return }
        graphicsProbe = GraphicsProbe()
        graphicsDecided = false
        graphicsDeadline = .now + Self.graphicsBudget
        graphicsCutoff = .now + Self.graphicsCutoff
    }

    /// While probing: reads what the terminal sent, keeps the replies, and holds the rest (keys)
    /// for ncurses until the probe ends. Returns false when the terminal is gone (end of input).
    func readGraphicsReplies(delegate: any UILoopDelegate) -> Bool {
        guard var probe = graphicsProbe else { return true }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return false }
        let keys = count > 0 ? probe.feed(buffer[0..<count]) : []
        // Replies to the video's status requests may come too (a resize asks again mid-playback).
        graphicsHeldKeys += video.group.link.hasAsked ? video.group.link.received(keys, now: .now) : keys
        graphicsProbe = probe
        if probe.isComplete { endGraphicsProbe(delegate: delegate) }
        return true
    }

    /// After a resize (or a font change, which terminals report the same way) when the cell size in
    /// pixels came from the terminal's answer rather than the window size: the terminal is asked
    /// again, so images are drawn at the new cell size. (With `TIOCGWINSZ` pixels the new size is
    /// read at once.)
    func reaskCellSize() {
        guard graphicsProbe == nil, graphicsDecided, video.windowCellPixels == nil,
              video.chosenPixels != nil else { return }
        video.finishPending()   // the queries must not land inside an image
        startGraphicsProbe()
    }

    /// At the budget the pane starts with what the terminal said so far; at the cutoff the loop
    /// stops looking for replies.
    func checkGraphicsDeadlines(delegate: any UILoopDelegate) {
        let now = ContinuousClock.now
        if let deadline = graphicsDeadline, deadline <= now {
            graphicsDeadline = nil
            decideGraphics(delegate: delegate)
        }
        if let cutoff = graphicsCutoff, cutoff <= now { endGraphicsProbe(delegate: delegate) }
    }

    /// The earliest time the probe needs the loop back.
    var graphicsWakeTime: ContinuousClock.Instant? {
        [graphicsDeadline, graphicsCutoff].compactMap { $0 }.min()
    }

    private func endGraphicsProbe(delegate: any UILoopDelegate) {
        guard var probe = graphicsProbe else { return }
        let keys = graphicsHeldKeys + probe.finish()
        graphicsHeldKeys = []
        graphicsProbe = probe
        let answeredLate = graphicsDecided && probe.result != decidedGraphics
        if !graphicsDecided || answeredLate { decideGraphics(delegate: delegate) }
        graphicsProbe = nil
        graphicsDeadline = nil
        graphicsCutoff = nil
        graphicsProbeImage?.unlink()
        graphicsProbeImage = nil
        if !keys.isEmpty {
            terminal.screen.pushBack(keys)
            handleInput(delegate: delegate)
        }
    }

    /// The pane draws kitty images or sixel when asked for. With `auto`: kitty images through
    /// shared memory when the terminal is on this machine and reads them; else sixel when it
    /// offers sixel; else kitty images sent inline (kitty over SSH); else cells.
    private func decideGraphics(delegate: any UILoopDelegate) {
        let graphics = graphicsProbe?.result ?? TerminalGraphics()
        graphicsDecided = true
        decidedGraphics = graphics
        let wanted: PixelProtocol? = switch graphicsChoice {
        case .kitty: .kitty
        case .sixel: .sixel
        case .cells: nil
        case .auto:
            if graphics.kitty, graphics.kittySharedMemory { .kitty }
            else if graphics.sixel { .sixel }
            else if graphics.kitty { .kitty }
            else { nil }
        }
        video.use(wanted, graphics: graphics)
        Self.readCellShape(into: video)
        deliver(.wake(Self.graphicsWake), to: delegate)
    }
}
