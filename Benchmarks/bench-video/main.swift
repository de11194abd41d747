import Foundation
import PlaybackStates
import Player
import TUI

/// Terminal video harness: the real TUI loop (ncurses, UILoop, the video pane) and the real Player
/// (libmpv, `vo=libmpv` software frames), without the App. Used by `scripts/bench-video` (fps,
/// bytes, CPU against `mpv --vo=tct`) and by the tmux end-to-end test.
///
///     bench-video [--glyphs half|quadrant|sextant] [--seconds N] [--stats FILE] [--loop] MEDIA
///
/// Keys: Space pauses, v turns video off/on, ? help (Esc closes), q quits. At exit it writes one line of statistics to
/// FILE: `fps=… delivered=… dropped=… bytes=… cpu=… wall=…`.
final class Harness: UILoopDelegate {
    let player: Player
    let loop: UILoop
    let end: ContinuousClock.Instant?
    let started = ContinuousClock.now
    var screen = ScreenSnapshot()
    var shownGeneration: UInt64 = 0
    var geometry: VideoGeometry?

    init(player: Player, loop: UILoop, seconds: Double?) {
        self.player = player
        self.loop = loop
        end = seconds.map { .now + .milliseconds(Int($0 * 1000)) }
        screen.player = PlayerPaneSnapshot(title: "bench-video", showsVideo: true)
        screen.focus = .player
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
            frame.withPixels { loop.video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
        }
        let snapshot = player.snapshot
        screen.player?.position = snapshot.progress.position
        screen.player?.duration = snapshot.progress.duration
        screen.player?.playback = snapshot.playback
        screen.player?.videoModeText = "video: terminal (\(loop.video.glyphs.rawValue), \(loop.video.depth.rawValue))"
    }
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let glyphs = VideoGlyphs(rawValue: option("--glyphs") ?? "half") ?? .half
let seconds = option("--seconds").flatMap(Double.init)
let statsPath = option("--stats")
let loops = arguments.contains("--loop")
arguments.removeAll { $0 == "--loop" }
guard let media = arguments.last else {
    FileHandle.standardError.write(Data("usage: bench-video [--glyphs half|quadrant|sextant] [--seconds N] [--stats FILE] [--loop] MEDIA\n".utf8))
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
    loop.addWakeSource(fd: player.wakeupDescriptor, name: "player")
    let url = media.contains("://") ? URL(string: media)! : URL(fileURLWithPath: media)
    try player.load(MediaSource(url: url))
    let harness = Harness(player: player, loop: loop, seconds: seconds)
    loop.run(harness)
    let wall = (ContinuousClock.now - harness.started)
    let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
    player.shutdown()
    terminal.restore()
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    let stats = loop.video.statistics
    let line = String(format: "fps=%.1f delivered=%d dropped=%d bytes=%d cpu=%.2f wall=%.2f\n",
                      Double(stats.delivered) / wallSeconds, stats.delivered, stats.dropped, stats.bytes, cpu, wallSeconds)
    if let statsPath { try line.write(toFile: statsPath, atomically: true, encoding: .utf8) } else { print(line, terminator: "") }
} catch {
    FileHandle.standardError.write(Data("bench-video: \(error)\n".utf8))
    exit(1)
}
