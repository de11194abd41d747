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

    /// The buffer for the current size, reallocated only when the size changed.
    mutating func currentBuffer() -> PixelBuffer? {
        if let buffer, buffer.width == width, buffer.height == height { return buffer }
        buffer = PixelBuffer(width: width, height: height)
        return buffer
    }
}
