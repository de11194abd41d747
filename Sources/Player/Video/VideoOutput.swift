/// The player's terminal-video state: the requested output size, the reused pixel buffer and
/// the latest frame. Kept apart from the playback reducer (frames are not playback state).
struct VideoOutput {
    /// Pixels mpv renders at (the pane's pixel size), and the shape of one pixel (width/height).
    var width = 0
    var height = 0
    var pixelAspect = 1.0
    var buffer: PixelBuffer?
    var frame: SoftwareFrame?
    var generation: UInt64 = 0
    /// Render again on the next drain even without a new frame from mpv (size changed).
    var needsRender = false
    /// Off: the video track is deselected (`vid=no`), see ``Player/setVideoEnabled(_:)``.
    var enabled = true
    /// The `video-aspect-override` set on the current handle (pixels that are not square).
    var aspectOverride: Double?
    /// The current handle has rendered a real frame (so re-rendering shows a picture, not black).
    var handleHasFrame = false

    /// The buffer for the current size, reallocated only when the size changed. At least 1×1:
    /// libmpv's VO waits for each frame to be rendered, so frames are rendered (tiny) even while
    /// no pane wants them (no size set yet, pane too small).
    mutating func currentBuffer() -> PixelBuffer? {
        let (w, h) = (max(1, width), max(1, height))
        if let buffer, buffer.width == w, buffer.height == h { return buffer }
        buffer = PixelBuffer(width: w, height: h)
        return buffer
    }
}
