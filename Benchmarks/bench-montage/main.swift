import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Playlist
import TUI

/// Montage harness: the real TUI loop (ncurses, UILoop, one TerminalVideo per tile placed by
/// `UILoop+Montage`) and a real ``MontagePlayback`` (a PlaybackRunner and a libmpv Player per tile
/// on one MontageClock, MontageSync steering drift), without the App. Each tile plays one event
/// of its own camera, all covering the same moment; a ``FilePreparer`` hands every event's player
/// the local MEDIA file (no server, no proxy: the cost measured is the montage's, not the network's).
/// Used by `scripts/bench-montage` (`make bench-montage`).
///
///     bench-montage [--tiles N] [--seconds S] [--offset S] [--length S] [--glyphs half|quadrant|sextant] [--stats FILE] MEDIA
///
/// The tiles open at `--offset` seconds into their events (default 1; the montage holds until
/// every tile shows its frame there, as in the TUI). The measured window starts when that hold
/// is released (the clock runs) and lasts `--seconds` (default 10); each event is `--length`
/// seconds long (default 20, the bench source's length), which must exceed offset + seconds.
/// The screen is what the TUI's montage shows (titles with camera and time, the slider, the
/// status line), built here from the montage's snapshot as AppState does.
///
/// At exit it writes one line to FILE (or standard output): `tiles=… wall=… cpu=… hold=…` and per
/// tile `tI_fps= tI_delivered= tI_dropped= tI_bytes= tI_width= tI_height= tI_drift_med= tI_drift_max=
/// tI_drift_n= tI_raw_med= tI_raw_max= tI_raw_n=`:
///   fps: frames the tile's TerminalVideo wrote to the terminal in the window, per second;
///   cpu: user+sys seconds of this process in the window (getrusage);
///   drift: |drift| in ms from ``MontageSnapshot/Tile/drift`` (MontageSync's smoothed reading, what
///   the request log shows), sampled every 100 ms while the clock runs; raw: |position − target|
///   in ms, the tile's player position read now against the clock at the same instant (unsmoothed).
final class Harness: UILoopDelegate {
    let montage: MontagePlayback
    let loop: UILoop
    let seconds: Double
    let tileCount: Int
    let started = ContinuousClock.now
    var screen = ScreenSnapshot()
    var shownGenerations: [UInt64]
    /// Tiles are offered their frames in the TUI's rotating order (TileRotation).
    var rotation = TileRotation()
    let formatter: DateFormatter

    /// The measured window: from the hold's release to its end.
    var windowStart: ContinuousClock.Instant?
    var windowEnd: ContinuousClock.Instant?
    var cpuAtStart = 0.0
    var statsAtStart: [(delivered: Int, dropped: Int, bytes: Int)] = []
    var nextSample: ContinuousClock.Instant?
    var drifts: [[Double]]
    var raws: [[Double]]
    /// Bail out when the montage never starts running (a tile that cannot load).
    let giveUp: ContinuousClock.Instant

    init(montage: MontagePlayback, loop: UILoop, seconds: Double, tiles: Int) {
        self.montage = montage
        self.loop = loop
        self.seconds = seconds
        tileCount = tiles
        shownGenerations = Array(repeating: 0, count: tiles)
        drifts = Array(repeating: [], count: tiles)
        raws = Array(repeating: [], count: tiles)
        formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        giveUp = .now + .seconds(30)
        refresh()
    }

    var wakeDescriptors: [Int32] { montage.wakeupDescriptors }

    var nextDeadline: ContinuousClock.Instant? {
        [montage.nextDeadline, windowEnd ?? giveUp, nextSample].compactMap { $0 }.min()
    }

    func handle(_ event: UIEvent) -> LoopControl {
        switch event {
        case .action(.quit), .action(.quitOrBack): return .quit
        case .action(.togglePause): montage.perform(.togglePause)
        case .action: break
        case .wake(UILoop.delegateWake): _ = montage.drain()
        case .wake: break
        case .deadline:
            _ = montage.drain()
            let now = ContinuousClock.now
            if let windowEnd, now >= windowEnd { return .quit }
            if windowStart == nil, now >= giveUp { return .quit }
            if let due = nextSample, now >= due { sample(now: now) }
        }
        refresh()
        return .keepRunning
    }

    /// Each tile's latest frame at its pane's size (as the coordinator's TerminalVideoBridge asks),
    /// the screen from the snapshot, and the window's start.
    func refresh() {
        for index in rotation.next(count: tileCount) {
            let video = loop.tileVideo(index)
            let wanted = video.geometry
            guard let frame = montage.frames(tile: index).latestFrame(width: wanted.pixelWidth, height: wanted.pixelHeight,
                                                                      pixelAspect: wanted.pixelAspect),
                  frame.generation != shownGenerations[index] else { continue }
            shownGenerations[index] = frame.generation
            frame.withPixels { _ = video.show(VideoPixels(bytes: $0, width: frame.width, height: frame.height, stride: frame.stride)) }
        }
        let snapshot = montage.snapshot
        screen.montage = montageScreen(snapshot)
        if windowStart == nil, !snapshot.isHolding, !snapshot.isPaused {
            let now = ContinuousClock.now
            windowStart = now
            windowEnd = now + .milliseconds(Int(seconds * 1000))
            cpuAtStart = processCPU()
            statsAtStart = (0..<tileCount).map { loop.tileVideo($0).statistics }
            nextSample = now + MontagePlayback.syncInterval
        }
    }

    /// Every tile's drift as the snapshot has it, and the unsmoothed reading, while the clock runs.
    func sample(now: ContinuousClock.Instant) {
        nextSample = now + MontagePlayback.syncInterval
        let snapshot = montage.snapshot
        guard !snapshot.isHolding, !snapshot.isPaused else { return }
        for (index, tile) in snapshot.tiles.enumerated() {
            if let drift = tile.drift { drifts[index].append(abs(drift) * 1000) }
            if let position = tile.position, let target = montage.target(tile: index, now: now), tile.status == .playing {
                raws[index].append(abs(position - target) * 1000)
            }
        }
    }

    /// What the TUI's montage shows for `snapshot` (AppState+Montage's montageScreen, without the model).
    func montageScreen(_ snapshot: MontageSnapshot) -> MontageScreen {
        let tiles = snapshot.tiles.enumerated().map { index, tile -> MontageScreen.Tile in
            let shown = tile.eventStart.flatMap { start in tile.position.map { start.addingTimeInterval($0) } } ?? snapshot.wallTime
            let hasPicture = switch tile.status {
            case .playing, .paused, .ended: true
            default: false
            }
            let isError = if case .failed = tile.status { true } else { false }
            return MontageScreen.Tile(index: index, title: "\(tile.camera) · \(formatter.string(from: shown))",
                                      detail: tile.status.text(in: .current), showsVideo: hasPicture,
                                      isFocused: tile.isFocused, isError: isError)
        }
        let state = snapshot.isPaused ? "❚❚ Paused" : snapshot.isHolding ? "… waiting for tiles" : "▶ Playing"
        var screen = MontageScreen(tiles: tiles, clockText: formatter.string(from: snapshot.wallTime), stateText: state)
        screen.segments = ["terminal·\(loop.video.modeName)"]
        return screen
    }
}

/// Hands every event's player the local file its `videoUrl` names: no tokens, no playlist, no proxy.
struct FilePreparer: PlaybackPreparing {
    let notices: AsyncStream<PlaybackNotice>
    init() { notices = AsyncStream { _ in } }

    func prepare(_ event: Event, refreshTokens: Bool) async throws -> PreparedPlayback {
        PreparedPlayback(eventID: event.id, playbackID: event.id, url: event.videoUrl, token: "", isComplete: true,
                         remoteURL: event.videoUrl)
    }
    func remove(_ prepared: PreparedPlayback) {}
    func removeAll() {}
}

func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}
let tileCount = option("--tiles").flatMap(Int.init) ?? 4
let runSeconds = option("--seconds").flatMap(Double.init) ?? 10
let offset = option("--offset").flatMap(Double.init) ?? 1
let length = option("--length").flatMap(Double.init) ?? 20
let glyphs = VideoGlyphs(rawValue: option("--glyphs") ?? "half") ?? .half
let statsPath = option("--stats")
guard let media = arguments.last, tileCount > 0 else {
    FileHandle.standardError.write(Data("usage: bench-montage [--tiles N] [--seconds S] [--offset S] [--length S] [--glyphs half|quadrant|sextant] [--stats FILE] MEDIA\n".utf8))
    exit(2)
}

// Every camera's event covers the same minute; the montage opens `offset` seconds into it.
let url = URL(fileURLWithPath: media)
let eventStart = Date().addingTimeInterval(-3600)
let cameras = (1...tileCount).map { "Camera \($0)" }
let events = cameras.enumerated().map { index, camera in
    Event(id: "bench-\(index + 1)", cameraName: camera, startTime: eventStart, endTime: eventStart.addingTimeInterval(length),
          bucket: "bench", videoUrl: url)
}

// The TUI's tile players: terminal video, the proxy mode's configuration (no ffmpeg log), no sound device.
var configuration = PlayerConfiguration()
configuration.video = .terminal
configuration.readsFFmpegLog = false
configuration.extraOptions = [MPVOption(name: "ao", value: "null")]
do {
    let terminal = try Terminal()
    let loop = UILoop(terminal: terminal)
    loop.video.glyphs = glyphs
    let preparer = FilePreparer()
    let montage = try MontagePlayback(cameras: cameras, events: events, at: eventStart.addingTimeInterval(offset), now: .now) { _ in
        try PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer)
    }
    let harness = Harness(montage: montage, loop: loop, seconds: runSeconds, tiles: tileCount)
    loop.run(harness)
    let end = ContinuousClock.now
    let cpu = processCPU() - harness.cpuAtStart
    let snapshot = montage.snapshot
    montage.shutdown()
    terminal.restore()
    guard let windowStart = harness.windowStart else {
        let statuses = snapshot.tiles.map { "\($0.camera): \($0.status)" }.joined(separator: "; ")
        FileHandle.standardError.write(Data("bench-montage: the montage never started running (\(statuses))\n".utf8))
        exit(1)
    }
    let wall = seconds(end - windowStart)
    var fields = [String(format: "tiles=%d wall=%.2f cpu=%.2f hold=%.2f", tileCount, wall, cpu, seconds(windowStart - harness.started))]
    for index in 0..<tileCount {
        let now = loop.tileVideo(index).statistics, before = harness.statsAtStart[index]
        let geometry = loop.tileVideo(index).geometry
        let delivered = now.delivered - before.delivered
        let drift = harness.drifts[index], raw = harness.raws[index]
        fields.append(String(format: "t%d_fps=%.1f t%d_delivered=%d t%d_dropped=%d t%d_bytes=%d t%d_width=%d t%d_height=%d "
                                + "t%d_drift_med=%.1f t%d_drift_max=%.1f t%d_drift_n=%d t%d_raw_med=%.1f t%d_raw_max=%.1f t%d_raw_n=%d",
                             index, Double(delivered) / wall, index, delivered, index, now.dropped - before.dropped,
                             index, now.bytes - before.bytes, index, geometry.pixelWidth, index, geometry.pixelHeight,
                             index, median(drift), index, drift.max() ?? .nan, index, drift.count,
                             index, median(raw), index, raw.max() ?? .nan, index, raw.count))
    }
    let line = fields.joined(separator: " ") + "\n"
    if let statsPath { try line.write(toFile: statsPath, atomically: true, encoding: .utf8) } else { print(line, terminator: "") }
} catch {
    FileHandle.standardError.write(Data("bench-montage: \(error)\n".utf8))
    exit(1)
}
