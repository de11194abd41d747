import Player

/// Where a video pane gets its pictures: the seam between a front end's pane and the player of
/// one ``PlaybackRunner`` (``PlaybackRunner/frames``), so no front end holds a concrete `Player`
/// and each pane can follow its own runner. Frames are made on the owner's thread by the
/// runner's ``PlaybackRunner/drain(now:)`` (wakeup, pipe, drain); the pane only reads the latest.
///
/// ```swift
/// if let frame = runner.frames.latestFrame(width: 120, height: 80, pixelAspect: 1),
///    frame.generation != shownGeneration { show(frame) }
/// ```
public protocol VideoFrameSource: AnyObject {
    /// The latest frame, or nil before the first. `width`×`height` pixels of shape `pixelAspect`
    /// (width / height) is the size the pane wants: when it changed, frames from the next drain
    /// on are rendered at it (the current picture too, paused or not).
    func latestFrame(width: Int, height: Int, pixelAspect: Double) -> SoftwareFrame?
}

extension Player: VideoFrameSource {
    public func latestFrame(width: Int, height: Int, pixelAspect: Double) -> SoftwareFrame? {
        setVideoOutputSize(width: width, height: height, pixelAspect: pixelAspect)
        return videoFrame
    }
}
