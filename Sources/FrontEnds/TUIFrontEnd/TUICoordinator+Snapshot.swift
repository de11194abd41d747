import AppCore
import EventsAPI
import Foundation
import Player
import TUIState

extension TUICoordinator {
    /// `S`: reserves the snapshot's file (named by camera and the frame's wall-clock time) in the
    /// pictures folder and asks the player for the PNG; mpv encodes it on its own thread and the
    /// answer comes back as the playback's `.screenshot` update. A folder that cannot be made
    /// answers the same way at once.
    func saveSnapshot(of event: Event, id: PlaybackID, position: Double) -> [AppInput] {
        // The player's own position is newer than the model's (which follows the 1 s tick while playing).
        let at = runner.snapshot.flatMap { $0.playbackID == id ? $0.progress.position : nil } ?? position
        let file = SnapshotFile(camera: event.cameraName, time: event.startTime.addingTimeInterval(at))
        do {
            let url = try file.reserve(in: SnapshotFile.directory())
            return runner.perform(.screenshot(to: url.path)).map(AppInput.playback)
        } catch {
            return [.playback(PlaybackUpdate(id, .player(.screenshot(path: "", error: error.description))))]
        }
    }
}
