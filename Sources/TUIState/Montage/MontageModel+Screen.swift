import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

/// What the montage's screen shows: the page's tiles (or the heard one alone), the slider, the
/// status line, and each tile's drift for the request log.
extension MontageModel {
    /// The montage's screen; a live montage's (``liveScreen(player:health:serverCameras:calendar:)``)
    /// has no slider and titles its tiles with the cameras' health.
    func screen(player: PlayerSettings, health: CameraHealthBoard, serverCameras: [Camera], calendar: Calendar) -> MontageScreen {
        if isLive { return liveScreen(player: player, health: health, serverCameras: serverCameras, calendar: calendar) }
        let wall = snapshot?.wallTime ?? moment
        var tiles = pageCameras.enumerated().map { index, camera -> MontageScreen.Tile in
            guard let tile = snapshot?.tiles.indices.contains(index) == true ? snapshot?.tiles[index] : nil else {
                return MontageScreen.Tile(index: index, title: "\(TerminalText.printable(camera)) · \(WallTimeText.timeOfDay(wall, calendar: calendar, seconds: true))",
                                          detail: "loading", showsVideo: false)
            }
            let shown = tile.eventStart.flatMap { start in tile.position.map { start.addingTimeInterval($0) } } ?? wall
            let isError = if case .failed = tile.status { true } else { false }
            let hasPicture = switch tile.status {
            case .playing, .paused, .ended: true
            default: false
            }
            return MontageScreen.Tile(index: index, title: "\(TerminalText.printable(camera)) · \(WallTimeText.timeOfDay(shown, calendar: calendar, seconds: true))",
                                      detail: Self.tileText(tile.status, timeZone: calendar.timeZone),
                                      showsVideo: hasPicture && player.drawsVideo, isFocused: tile.isFocused,
                                      isError: isError)
        }
        if isSolo, let focused = tiles.first(where: \.isFocused) ?? tiles.first { tiles = [focused] }
        let state = snapshot.map { $0.isPaused ? "❚❚ Paused" : $0.isHolding ? "… waiting for tiles" : "▶ Playing" } ?? "… opening"
        var screen = MontageScreen(tiles: tiles, clockText: WallTimeText.timeOfDay(wall, calendar: calendar, seconds: true), stateText: state)
        let span = range.upperBound.timeIntervalSince(range.lowerBound)
        screen.fraction = span > 0 ? wall.timeIntervalSince(range.lowerBound) / span : nil
        screen.rangeStartText = WallTimeText.timeOfDay(range.lowerBound, calendar: calendar, seconds: true)
        screen.rangeEndText = WallTimeText.timeOfDay(range.upperBound, calendar: calendar, seconds: true)
        screen.isSolo = isSolo
        screen.segments = (speed.isNormal ? [] : [speed.text]) + segments(videoModeText: player.videoModeText)
        screen.syncLines = ["Montage sync: each tile's drift from the wall clock (one frame is 40 ms at 25 fps)"]
            + (snapshot?.tiles ?? []).map { tile in
                let drift = tile.drift.map { String(format: "%+.0f ms", $0 * 1000) } ?? "–"
                return "  " + DisplayWidth.pad(tile.camera, to: 14) + " " + DisplayWidth.padLeft(drift, to: 8)
                    + "  " + Redactor.shared.redact(tile.status.text(in: calendar.timeZone))
            }
        return screen
    }

    /// The montage's status line after its state: the tile heard (or muted), the page of cameras,
    /// how the panes draw.
    func segments(videoModeText: String) -> [String] {
        var segments: [String] = []
        if let focused = snapshot?.tiles.first(where: \.isFocused) {
            segments.append(snapshot?.isMuted == true ? "muted" : "♪ \(TerminalText.printable(focused.camera))")
        }
        if pageCount > 1 {
            let first = page * Self.tilesPerPage + 1
            segments.append("cameras \(first)–\(first + pageCameras.count - 1) of \(cameras.count)")
        }
        return segments + [videoModeText]
    }

    /// A tile's words: a failure without the player's own detail in parentheses ("index.m3u8
    /// failed: HTTP 500 after 4 attempts"; the request log has it whole).
    static func tileText(_ status: MontageTileStatus, timeZone: TimeZone) -> String {
        let text = status.text(in: timeZone)
        guard case .failed = status, let cut = text.range(of: " ("), cut.lowerBound > text.startIndex else { return text }
        return String(text[..<cut.lowerBound])
    }
}
