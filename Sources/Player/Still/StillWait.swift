/// What ``StillRenderer`` does after each wakeup, as a value (tested without libmpv): wait for
/// mpv's first frame; for pixels that are not square first correct the picture's aspect (mpv
/// letterboxes for square pixels), wait until mpv's output parameters carry it and then for the
/// frame drawn after that (the first frame that arrives with the new parameters is still drawn
/// the old way), or render anyway a moment later; give up at the deadline.
struct StillWait {
    enum Step: Equatable {
        case keepWaiting
        case setAspect(Double)
        case render
        case timedOut
    }

    let pixelAspect: Double
    let deadline: ContinuousClock.Instant
    /// How long to wait for the redraw after the aspect was corrected.
    static let redrawWait: Duration = .milliseconds(500)
    private(set) var hasFrame = false
    private(set) var wantedAspect: Double?
    private(set) var aspectSetAt: ContinuousClock.Instant?
    /// mpv's output parameters were seen with the corrected aspect.
    private(set) var aspectApplied = false

    init(pixelAspect: Double, deadline: ContinuousClock.Instant) {
        self.pixelAspect = pixelAspect
        self.deadline = deadline
    }

    /// `videoAspect`: the decoded video's (`video-dec-params/aspect`); `outputAspect`: after the
    /// override (`video-params/aspect`).
    mutating func next(newFrame: Bool, videoAspect: Double?, outputAspect: Double?, now: ContinuousClock.Instant) -> Step {
        if now >= deadline { return .timedOut }
        if newFrame { hasFrame = true }
        guard hasFrame else { return .keepWaiting }
        guard pixelAspect != 1 else { return .render }
        if let wanted = wantedAspect, let setAt = aspectSetAt {
            if now - setAt >= Self.redrawWait { return .render }
            if aspectApplied, newFrame { return .render }
            if let outputAspect, abs(outputAspect - wanted) <= wanted * 0.01 { aspectApplied = true }
            return .keepWaiting
        }
        guard let videoAspect, videoAspect > 0 else { return .render }
        wantedAspect = videoAspect / pixelAspect
        aspectSetAt = now
        return .setAspect(videoAspect / pixelAspect)
    }
}
