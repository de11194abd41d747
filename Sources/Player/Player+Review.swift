import Foundation

/// Review tools: speed, frame steps and screenshots. Like the transport commands they
/// never block: mpv gets async commands, and a screenshot's result comes back through `drain()`.
extension Player {
    /// mpv's own limits for `speed`.
    static let speedRange = 0.01...100.0

    /// Sets the playback speed (1 is normal), now and for later playbacks, like mute and volume.
    /// mpv keeps the audio's pitch (its default `audio-pitch-correction`).
    ///
    /// ```swift
    /// player.setSpeed(1.21)   // `]` twice
    /// ```
    public func setSpeed(_ speed: Double) {
        guard speed.isFinite else { return }
        let clamped = min(max(speed, Self.speedRange.lowerBound), Self.speedRange.upperBound)
        reducer.snapshot.speed = clamped
        handle?.set("speed", double: clamped)
    }

    /// Zooms and pans the picture (mpv's `video-zoom`, `video-pan-x`, `video-pan-y`), now and for
    /// later playbacks.
    ///
    /// ```swift
    /// var framing = player.snapshot.framing
    /// framing.zoom(by: 0.1)
    /// player.setFraming(framing)   // Alt++
    /// ```
    public func setFraming(_ framing: VideoFraming) {
        reducer.snapshot.framing = framing
        handle?.set("video-zoom", double: framing.zoom)
        handle?.set("video-pan-x", double: framing.panX)
        handle?.set("video-pan-y", double: framing.panY)
    }

    /// Shows the next frame (`forward`) or the previous one, then stays paused: mpv's `frame-step`
    /// and `frame-back-step` (the slider gets the exact position at once, see `pausedProgress`).
    /// Does nothing while nothing is loaded or an fMP4 reload is on its way.
    ///
    /// ```swift
    /// player.frameStep(forward: true)    // `.`
    /// player.frameStep(forward: false)   // `,`
    /// ```
    public func frameStep(forward: Bool) {
        guard let handle, reducer.facts.loaded, !reducer.facts.userStopped, reducer.facts.reloadTarget == nil else { return }
        handle.command([forward ? "frame-step" : "frame-back-step"])
    }

    /// Saves the current video frame as a PNG at `path` (mpv's `screenshot-to-file <path> video`:
    /// the decoded picture at the video's own size, no OSD). mpv encodes it on its own thread; a
    /// `.screenshot(path:error:)` update says when it is written, or why not. The caller picks the
    /// path (its directory must exist; an existing file is replaced, and an empty one, a name the
    /// caller reserved, is removed when the screenshot fails).
    ///
    /// ```swift
    /// player.saveScreenshot(to: "/home/me/Pictures/eventplayer/Front-Door_2026-11-20_14-02-07.340.png")
    /// // later, from drain(): .screenshot(path: "…png", error: nil)
    /// ```
    public func saveScreenshot(to path: String) {
        guard let id = reducer.snapshot.playbackID else { return }
        guard let handle, reducer.facts.loaded, !reducer.facts.userStopped else {
            return queue([screenshotFailed(id, path: path, reason: "nothing is playing")])
        }
        let tag = screenshots.add(path)
        if !handle.command(["screenshot-to-file", path, "video"], tag: tag) {
            _ = screenshots.take(tag)
            queue([screenshotFailed(id, path: path, reason: "mpv refused the command")])
        }
    }

    /// The reply to a screenshot: its update (nothing for an unknown tag).
    func screenshotAnswered(tag: UInt64, error: String?) -> [PlayerUpdate] {
        guard let path = screenshots.take(tag), let id = reducer.snapshot.playbackID else { return [] }
        guard let error else { return [PlayerUpdate(id, .screenshot(path: path, error: nil))] }
        // mpv fails a video screenshot when there is no decoded frame (audio only, `vid=no`, not started).
        return [screenshotFailed(id, path: path, reason: "no video frame to save (mpv: \(error))")]
    }

    /// A failed screenshot's update; the empty file the caller reserved at `path` goes.
    private func screenshotFailed(_ id: PlaybackID, path: String, reason: String) -> PlayerUpdate {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size == 0 {
            try? FileManager.default.removeItem(atPath: path)
        }
        return PlayerUpdate(id, .screenshot(path: path, error: reason))
    }
}
