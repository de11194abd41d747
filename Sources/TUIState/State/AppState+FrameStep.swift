import PlaybackStates

/// Frame steps (mpv's `.` and `,`): one frame forward or back, then paused; the slider shows the
/// exact position (hundredths) until playback resumes.
extension AppState {
    mutating func frameStep(forward: Bool) -> [AppEffect] {
        guard var model = playback, !model.isPreparing, model.finish == nil || model.finish == .ended,
              model.playback != .stopped else { return [] }
        model.showsFrameTime = true
        model.pendingSeekTarget = nil
        playback = model
        return [.player(.frameStep(forward: forward))]
    }
}
