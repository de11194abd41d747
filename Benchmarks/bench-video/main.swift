import Foundation
import PlaybackStates
import Player
import TUI

/// Terminal video harness: the real TUI loop (ncurses, UILoop, the video pane) and the real Player
/// (libmpv, `vo=libmpv` software frames), without the App. Used by `scripts/bench-video` (fps,
/// bytes, CPU against `mpv --vo=tct`) and by the tmux end-to-end test.
///
///     bench-video [--glyphs half|quadrant|sextant] [--protocol cells|sixel|kitty] [--kitty-transport direct|shm]
///                 [--full-pane] [--seconds N] [--stats FILE] [--loop] MEDIA
///
/// `--protocol sixel|kitty` draws real pixels as a terminal with 8×16-pixel cells would get them
/// (no probe: the terminal is whatever runs it); `--kitty-transport shm` sends kitty frames
/// through shared memory, which only a reader on this machine empties
/// (`scripts/fake-graphics-terminal.py kitty+local`). `--full-pane` gives the video the whole
/// terminal but the status line.
///
/// Keys: Space pauses, v turns video off/on, ? help (Esc closes), q quits. At exit it writes one line of statistics to
/// FILE: `fps=… delivered=… dropped=… bytes=… cpu=… wall=… width=… height=…` (width and height: the
/// frames' pixels).
final class Harness: UILoopDelegate {
    let player: Player
    let loop: UILoop
    let end: ContinuousClock.Instant?
    let started = ContinuousClock.now
    var screen = ScreenSnapshot()
    var shownGeneration: UInt64 = 0
    var geometry: VideoGeometry?

    init(player: Player, loop: UILoop, seconds: Double?, fullPane: Bool) {
        self.player = player
        self.loop = loop
        end = seconds.map { .now + .milliseconds(Int($0 * 1000)) }
        screen.player = PlayerPaneSnapshot(title: "bench-video", showsVideo: true)
        screen.focus = .player
        screen.isFullPane = fullPane
    }

    var nextDeadline: ContinuousClock.Instant? {
        [player.nextDeadline, end].compactMap { $0 }.min()
    }

    func handle(_ event: UIEvent) -> LoopControl {
        switch event {
        case .action(.quit), .action(.quitOrBack): return .quit
        case .action(.togglePause): player.togglePause()
        case .action(.cycleVideo): player.setVideoEnabled(!player.isVideoEnabled)
        case .action(.toggleHelp): screen.overlay = screen.overlay == .help ? nil : .help
        case .action(.back): screen.overlay = nil
        case .action: break
        case .wake: _ = player.drain()
        case .deadline:
            if let end, ContinuousClock.now >= end { return .quit }
            _ = player.tick()
        }
        refresh()
        return .keepRunning
    }

    /// Sizes the player's frames to the pane, shows a new frame, mirrors the state for the slider.
    func refresh() {
        let wanted = loop.video.geometry
        if wanted != geometry {
            geometry = wanted
            player.setVideoOutputSize(width: wanted.pixelWidth, height: wanted.pixelHeight, pixelAspect: wanted.pixelAspect)
        }
        if let frame = player.videoFrame, frame.generation != shownGeneration {
            shownGeneration = frame.generation
            frame.withPixels { _ = loop.video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
        }
        let snapshot = player.snapshot
        screen.player?.position = snapshot.progress.position
        screen.player?.duration = snapshot.progress.duration
        screen.player?.playback = snapshot.playback
        screen.player?.videoModeText = "video: terminal (\(loop.video.modeName), \(loop.video.depth.rawValue))"
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let glyphs = VideoGlyphs(rawValue: option("--glyphs") ?? "half") ?? .half
let pixels = option("--protocol").flatMap(PixelProtocol.init(rawValue:))
let kittyTransport = option("--kitty-transport") ?? "direct"
let fullPane = arguments.contains("--full-pane")
arguments.removeAll { $0 == "--full-pane" }
let seconds = option("--seconds").flatMap(Double.init)
let statsPath = option("--stats")
let loops = arguments.contains("--loop")
arguments.removeAll { $0 == "--loop" }
guard let media = arguments.last else {
    FileHandle.standardError.write(Data("usage: bench-video [--glyphs half|quadrant|sextant] [--protocol cells|sixel|kitty] [--kitty-transport direct|shm] [--full-pane] [--seconds N] [--stats FILE] [--loop] MEDIA\n".utf8))
    exit(2)
}

var configuration = PlayerConfiguration()
configuration.video = .terminal
configuration.extraOptions = [MPVOption(name: "ao", value: "null")] + (loops ? [MPVOption(name: "loop-file", value: "inf")] : [])
do {
    let terminal = try Terminal()
    let player = try Player(configuration: configuration)
    let loop = UILoop(terminal: terminal)
    loop.video.glyphs = glyphs
    if let pixels {
        loop.video.use(pixels, graphics: TerminalGraphics(kitty: pixels == .kitty, kittySharedMemory: kittyTransport == "shm",
                                                         sixel: pixels == .sixel, cellPixels: PixelSize(width: 8, height: 16),
                                                         colorRegisters: 256))
    }
    loop.addWakeSource(fd: player.wakeupDescriptor, name: "player")
    let url = media.contains("://") ? URL(string: media)! : URL(fileURLWithPath: media)
    try player.load(MediaSource(url: url))
    let harness = Harness(player: player, loop: loop, seconds: seconds, fullPane: fullPane)
    loop.run(harness)
    let wall = (ContinuousClock.now - harness.started)
    let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    player.shutdown()
    terminal.restore()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    let stats = loop.video.statistics
    let geometry = harness.geometry ?? loop.video.geometry
    let line = String(format: "fps=%.1f delivered=%d dropped=%d bytes=%d cpu=%.2f wall=%.2f width=%d height=%d\n",
                      Double(stats.delivered) / wallSeconds, stats.delivered, stats.dropped, stats.bytes, cpu, wallSeconds,
                      geometry.pixelWidth, geometry.pixelHeight)
    if let statsPath { try line.write(toFile: statsPath, atomically: true, encoding: .utf8) } else { print(line, terminator: "") }
} catch {
    FileHandle.standardError.write(Data("bench-video: \(error)\n".utf8))
    exit(1)
}
