import PlaybackStates

/// `S`: the current frame as a PNG under the pictures folder (see ``SnapshotFile``); the status
/// line names the file, or says why there is none.
extension AppState {
    mutating func saveSnapshot(now: ContinuousClock.Instant) -> [AppEffect] {
        guard let model = playback, !model.isPreparing, model.finish == nil || model.finish == .ended,
              model.playback != .stopped else {
            show("No snapshot: nothing is playing", now: now)
            return []
        }
        return [.saveSnapshot(model.event, id: model.id, position: model.position)]
    }

    /// The player's answer: where the PNG is, or why it is not.
    mutating func snapshotSaved(path: String, error: String?, now: ContinuousClock.Instant) {
        show(error.map { "No snapshot: \($0)" } ?? "Snapshot saved: \(Self.shortened(path, home: home))", now: now)
    }

    /// `path` with the home directory as `~`: `shortened("/home/me/Pictures/x.png", home: "/home/me") == "~/Pictures/x.png"`.
    static func shortened(_ path: String, home: String) -> String {
        let prefix = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !prefix.isEmpty, path.hasPrefix(prefix + "/") else { return path }
        return "~" + path.dropFirst(prefix.count)
    }
}
