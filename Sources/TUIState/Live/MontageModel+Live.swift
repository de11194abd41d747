import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import SystemSupport
import TUI

/// `M` in the live view: every camera (the `c` camera, or the camera set) live as the montage's
/// tiles, four to a page, the camera shown first. The coordinator asks the backend for each feed
/// at a tile's size (``AppEffect/fetchLiveMontage(_:)``) and plays them without a clock
/// (``AppCore/MontagePlayback/init(live:feeds:now:makeRunner:)``). Tab chooses the tile heard,
/// Space freezes every picture, Enter closes the montage and plays the heard camera's latest
/// event, Esc goes back to the live view of the camera it was opened from.
extension MontageModel {
    /// The live montage opened from `live` (the playback `id` shows `feed`): its camera first
    /// among `cameras`, and again live when Esc closes the montage.
    init(live: LiveView, feed: Event, cameras: [String], id: PlaybackID, date: Date) {
        let ordered = [live.camera] + cameras.filter { $0 != live.camera }
        let request = LiveRequest(cameraID: feed.camera, cameraName: live.camera, id: id, returnsTo: live.returnsTo)
        self.init(cameras: cameras.contains(live.camera) ? ordered : cameras, origin: .live(request),
                  moment: date, events: [], now: date)
    }

    /// The page's cameras as the backend knows them (its ids where it has a list of cameras).
    func pageFeeds(serverCameras: [Camera]) -> [Camera] {
        pageCameras.map { name in Camera(id: serverCameras.first { $0.name == name }?.id ?? name, name: name) }
    }

    /// The feeds have come: the page's tiles play them (a camera without one says so). Nothing
    /// unless this is a live montage.
    func start(feeds: [Event], failures: [String: String], status: inout StatusLine, now: ContinuousClock.Instant) -> [AppEffect] {
        guard isLive else { return [] }
        if let (camera, reason) = failures.sorted(by: { $0.key < $1.key }).first {
            status.show("No live view of \(TerminalText.printable(camera)): \(reason)"
                        + (failures.count > 1 ? " (and \(failures.count - 1) more)" : ""), now: now)
        }
        return [.startLiveMontage(cameras: pageCameras, feeds: feeds)]
    }

    /// The live montage's screen: each tile titled with its camera (and its health) and `live`,
    /// no slider.
    func liveScreen(player: PlayerSettings, health: CameraHealthBoard, serverCameras: [Camera], calendar: Calendar) -> MontageScreen {
        var tiles = pageCameras.enumerated().map { index, camera -> MontageScreen.Tile in
            let title = "\(health.title(camera, cameras: serverCameras)) · live"
            guard let tile = snapshot?.tiles.indices.contains(index) == true ? snapshot?.tiles[index] : nil else {
                return MontageScreen.Tile(index: index, title: title, detail: "connecting", showsVideo: false)
            }
            let isError = if case .failed = tile.status { true } else { false }
            let (detail, hasPicture): (String, Bool) = switch tile.status {
            case .noRecording: ("no live view", false)
            case .ended: ("the feed ended", true)
            case .playing, .paused: ("", true)
            case .loading: ("connecting", false)
            case .failed: (Self.tileText(tile.status, timeZone: calendar.timeZone), false)
            }
            return MontageScreen.Tile(index: index, title: title, detail: detail, showsVideo: hasPicture && player.drawsVideo,
                                      isFocused: tile.isFocused, isError: isError)
        }
        if isSolo, let focused = tiles.first(where: \.isFocused) ?? tiles.first { tiles = [focused] }
        let state = snapshot.map { $0.isPaused ? "❚❚ Paused" : "● live" } ?? "… connecting"
        var screen = MontageScreen(tiles: tiles, clockText: WallTimeText.timeOfDay(snapshot?.wallTime ?? moment, calendar: calendar, seconds: true),
                                   stateText: state)
        screen.segments = segments(videoModeText: player.videoModeText)
        screen.syncLines = ["Montage: every camera live, no clock to keep the tiles on"]
        return screen
    }
}
