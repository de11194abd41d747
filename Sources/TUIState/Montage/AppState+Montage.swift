import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

/// The montage (`M`): every camera at one moment, side by side, on one wall clock. From the
/// timeline it opens at the cursor, from the list at the selected event's start, from the player
/// at the playing moment (the playback pauses). Transport keys apply to every tile
/// (``AppEffect/montage(_:)``); Tab chooses the tile that is heard, Enter shows it alone, PgUp/PgDn
/// page through the cameras four at a time, Esc goes back (the grid, then where it came from).
extension AppState {
    /// `M`: opens a montage of every camera (the `c` camera alone when one is picked).
    mutating func startMontage(now: ContinuousClock.Instant, date: Date = Date()) -> [AppEffect] {
        let cameras = timelineCameras
        guard !cameras.isEmpty else {
            show(list.noCamerasText, now: now)
            return []
        }
        if let live = playback?.live, let event = playback?.event, focus == .player || isFullPane {
            return openLiveMontage(cameras: cameras, from: live, feed: event, date: date)
        }
        let origin: MontageModel.Origin
        let moment: Date
        let opener: String?
        var effects: [AppEffect] = []
        if isTimelineShown, let timeline {
            (origin, moment) = (.timeline, timeline.cursor)
            opener = cameras.indices.contains(timeline.lane) ? cameras[timeline.lane] : nil
        } else if focus == .player, let playback, !playback.isPreparing {
            (origin, moment) = (.player, playback.event.startTime.addingTimeInterval(playback.position))
            opener = playback.event.cameraName
        } else if let event = selectedEvent {
            (origin, moment) = (.list, event.startTime)
            opener = event.cameraName
        } else {
            show("Select an event first: the montage opens at its moment", now: now)
            return []
        }
        if playback?.playback == .playing { effects.append(.player(.togglePause)) }
        let near = montageEvents(around: moment, date: date)
        let recording = Set(catalogue.serverCameras.filter(\.isRecording).map(\.name))
        let ordered = MontageModel.ordered(cameras, opener: opener, events: near, recording: recording, moment: moment, now: date)
        var model = MontageModel(cameras: ordered, origin: origin, moment: moment, events: near, now: date)
        model.speed = player.speed
        // Over the scene it opened from (the full-pane video left), which Esc goes back to.
        let under: Scene = if case .fullPane(let browse) = scene { .browse(browse) } else { scene }
        mode = .montage(model, over: under)
        overlay = nil
        return effects + [.startMontage(cameras: model.pageCameras, at: moment, events: near, speed: player.speed.value)]
    }

    /// The events loaded (list and timeline) within two hours of `moment`: what the tiles can
    /// start with while the coordinator fetches the window around it.
    func montageEvents(around moment: Date, date: Date) -> [Event] {
        let window = moment.addingTimeInterval(-2 * 3600)...moment.addingTimeInterval(2 * 3600)
        var byID: [String: Event] = [:]
        for event in list.events + (timeline.map { Array($0.events.values) } ?? []) {
            if window.contains(event.startTime) || (event.startTime < moment && (event.endTime ?? date) > moment) {
                byID[event.id] = event
            }
        }
        return Array(byID.values)
    }

    /// Keys while the montage is shown (the overlay layer took its own before): the montage's
    /// own reducer (``MontageModel/reduce(_:)``) decides, this carries out what it asks of the
    /// rest. Nil for the keys it leaves to the rest.
    mutating func applyToMontage(_ action: UserAction, now: ContinuousClock.Instant, date: Date = Date()) -> [AppEffect]? {
        guard case .montage(var model, let under) = mode else { return nil }
        let outcome = model.reduce(action)
        mode = .montage(model, over: under)
        switch outcome {
        case .commands(let commands): return commands.map(AppEffect.montage)
        case .message(let text):
            show(text, now: now)
            return []
        case .newPage(let moment, let paused):
            if model.isLive { return [.stopMontage, .fetchLiveMontage(liveCameras(model.pageCameras))] }
            return [.startMontage(cameras: model.pageCameras, at: moment, events: montageEvents(around: moment, date: date),
                                  speed: model.speed.value, paused: paused)]
        case .close:
            closeToScene()
            if case .live(let request) = model.origin { return [.stopMontage] + reopenLive(request, now: now) }
            return [.stopMontage]
        case .openLatestEvent(let camera):
            return [.stopMontage] + openLatestEvent(of: camera, now: now)
        case .notMine: return nil
        }
    }

    /// The montage's status line after its state: the tile heard (or muted), the page of cameras,
    /// how the panes draw.
    func montageSegments(_ model: MontageModel) -> [String] {
        var segments: [String] = []
        if let focused = model.snapshot?.tiles.first(where: \.isFocused) {
            segments.append(model.snapshot?.isMuted == true ? "muted" : "♪ \(TerminalText.printable(focused.camera))")
        }
        if model.pageCount > 1 {
            let first = model.page * MontageModel.tilesPerPage + 1
            segments.append("cameras \(first)–\(first + model.pageCameras.count - 1) of \(model.cameras.count)")
        }
        return segments + [player.videoModeText]
    }

    /// A tile's words: a failure without the player's own detail in parentheses ("index.m3u8
    /// failed: HTTP 500 after 4 attempts"; the request log has it whole).
    static func tileText(_ status: MontageTileStatus, timeZone: TimeZone) -> String {
        let text = status.text(in: timeZone)
        guard case .failed = status, let cut = text.range(of: " ("), cut.lowerBound > text.startIndex else { return text }
        return String(text[..<cut.lowerBound])
    }

    /// What the montage's screen shows: the page's tiles (or the heard one alone), the slider, the
    /// status line, and each tile's drift for the request log.
    func montageScreen(calendar: Calendar) -> MontageScreen? {
        guard let model = montage else { return nil }
        if model.isLive { return liveMontageScreen(model, calendar: calendar) }
        let snapshot = model.snapshot
        let wall = snapshot?.wallTime ?? model.moment
        var tiles = model.pageCameras.enumerated().map { index, camera -> MontageScreen.Tile in
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
                                      showsVideo: hasPicture && player.isTerminalVideo && player.isVideoOn, isFocused: tile.isFocused,
                                      isError: isError)
        }
        if model.isSolo, let focused = tiles.first(where: \.isFocused) ?? tiles.first { tiles = [focused] }
        let state = snapshot.map { $0.isPaused ? "❚❚ Paused" : $0.isHolding ? "… waiting for tiles" : "▶ Playing" } ?? "… opening"
        var screen = MontageScreen(tiles: tiles, clockText: WallTimeText.timeOfDay(wall, calendar: calendar, seconds: true), stateText: state)
        let span = model.range.upperBound.timeIntervalSince(model.range.lowerBound)
        screen.fraction = span > 0 ? wall.timeIntervalSince(model.range.lowerBound) / span : nil
        screen.rangeStartText = WallTimeText.timeOfDay(model.range.lowerBound, calendar: calendar, seconds: true)
        screen.rangeEndText = WallTimeText.timeOfDay(model.range.upperBound, calendar: calendar, seconds: true)
        screen.isSolo = model.isSolo
        screen.segments = (model.speed.isNormal ? [] : [model.speed.text]) + montageSegments(model)
        screen.syncLines = ["Montage sync: each tile's drift from the wall clock (one frame is 40 ms at 25 fps)"]
            + (snapshot?.tiles ?? []).map { tile in
                let drift = tile.drift.map { String(format: "%+.0f ms", $0 * 1000) } ?? "–"
                return "  " + DisplayWidth.pad(tile.camera, to: 14) + " " + DisplayWidth.padLeft(drift, to: 8)
                    + "  " + Redactor.shared.redact(tile.status.text(in: calendar.timeZone))
            }
        return screen
    }
}
