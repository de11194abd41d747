/// What ``StillRenderer`` does after each wakeup, as a value (tested without libmpv): wait for
/// mpv's first frame; for pixels that are not square first correct the picture's aspect (mpv
/// letterboxes for square pixels) and wait for the frame redrawn with it, or render anyway a
/// moment later; give up at the deadline.
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
    private(set) var aspectSetAt: ContinuousClock.Instant?

    init(pixelAspect: Double, deadline: ContinuousClock.Instant) {
        self.pixelAspect = pixelAspect
        self.deadline = deadline
    }

    mutating func next(newFrame: Bool, videoAspect: Double?, now: ContinuousClock.Instant) -> Step {
        if now >= deadline { return .timedOut }
        if newFrame { hasFrame = true }
        guard hasFrame else { return .keepWaiting }
        guard pixelAspect != 1 else { return .render }
        if let setAt = aspectSetAt {
            return newFrame || now - setAt >= Self.redrawWait ? .render : .keepWaiting
        }
        guard let videoAspect, videoAspect > 0 else { return .render }
        aspectSetAt = now
        return .setAspect(videoAspect / pixelAspect)
    }
}
