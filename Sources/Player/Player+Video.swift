import Foundation

/// Terminal video (``VideoMode/terminal``): mpv renders each frame in software into one reused
/// rgb0 buffer at the size the owner sets; ``drain()`` renders and ``videoFrame`` holds the result.
extension Player {
    /// Sets the pixel size frames are rendered at (the video pane's cells × pixels per cell) and
    /// the shape of one such pixel (width / height: 1 for half blocks, 0.5 for quadrants). mpv
    /// scales and letterboxes into it. The current picture is rendered again at the new size on
    /// the next ``drain()``, paused or not.
    ///
    /// ```swift
    /// player.setVideoOutputSize(width: 120, height: 80)                   // 120×40 cells, half blocks
    /// player.setVideoOutputSize(width: 240, height: 80, pixelAspect: 0.5) // quadrants
    /// ```
    public func setVideoOutputSize(width: Int, height: Int, pixelAspect: Double = 1) {
        let width = max(0, width), height = max(0, height)
        guard width != video.width || height != video.height || pixelAspect != video.pixelAspect else { return }
        video.width = width
        video.height = height
        video.pixelAspect = pixelAspect
        video.needsRender = true
        wakeup.wake()
    }

    /// The latest rendered frame (terminal video only); it stays after stop or the end, as the
    /// still of the last playback, until a new playback renders its first frame.
    public var videoFrame: SoftwareFrame? { video.frame }

    /// Creates the software render context on a fresh handle (terminal video only), before its
    /// `loadfile`.
    func attachVideoRenderer(to handle: MPVHandle) throws {
        video.handleHasFrame = false
        video.aspectOverride = nil
        guard configuration.video == .terminal else { return }
        handle.renderContext = try MPVSoftwareRenderer(handle: handle, wakeupDescriptor: wakeup.writeFD)
        if !video.enabled { handle.set("vid", string: "no") }
    }

    /// mpv letterboxes for square pixels (its `monitorpixelaspect` only reaches windowed VOs), so
    /// for other shapes the video's own aspect is divided by the pixel's: a 16:9 picture in pixels
    /// half as wide as tall is rendered 32:9 in pixels, which is 16:9 on screen. True when the
    /// override changed (the picture is rendered again).
    func correctPixelAspect(_ handle: MPVHandle) -> Bool {
        let wanted: Double?
        if video.pixelAspect == 1 {
            wanted = video.aspectOverride == nil ? nil : -1   // back to the video's own aspect
        } else if let aspect = handle.double("video-dec-params/aspect"), aspect > 0 {
            wanted = aspect / video.pixelAspect
        } else {
            wanted = nil
        }
        guard let wanted, wanted != video.aspectOverride else { return false }
        handle.set("video-aspect-override", string: wanted < 0 ? "-1" : String(wanted))
        video.aspectOverride = wanted < 0 ? nil : wanted
        return true
    }

    /// After each wakeup: asks mpv whether a frame is due (render.h requires the call) and renders
    /// it, or renders the current picture again after a size change.
    func renderVideoIfNeeded() {
        guard let handle, let renderer = handle.renderContext as? MPVSoftwareRenderer else { return }
        let newFrame = renderer.update()
        if newFrame || video.needsRender, correctPixelAspect(handle) { video.needsRender = true }
        guard newFrame || (video.needsRender && video.handleHasFrame) else { return }
        guard let buffer = video.currentBuffer() else { return }
        video.needsRender = false
        guard renderer.render(into: buffer) else { return }
        video.handleHasFrame = true
        video.generation += 1
        video.frame = SoftwareFrame(buffer: buffer, generation: video.generation)
    }
}

extension Player {
    /// Terminal video on or off while playing (the `v` key): off deselects the video track
    /// (`vid=no`: nothing is decoded, audio and the position go on), on selects it again. Kept
    /// for later playbacks. Only meaningful with ``VideoMode/terminal``.
    ///
    /// ```swift
    /// player.setVideoEnabled(!player.isVideoEnabled)
    /// ```
    public func setVideoEnabled(_ enabled: Bool) {
        guard enabled != video.enabled else { return }
        video.enabled = enabled
        handle?.set("vid", string: enabled ? "auto" : "no")
    }

    /// False after ``setVideoEnabled(_:)`` turned terminal video off.
    public var isVideoEnabled: Bool { video.enabled }
}
