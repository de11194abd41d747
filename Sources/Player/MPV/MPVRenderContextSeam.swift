/// The seam for terminal video (#9). ``MPVSoftwareRenderer`` creates an
/// `mpv_render_context` (`MPV_RENDER_API_TYPE_SW`, `rgb0`, stride a multiple of 64) on
/// ``MPVHandle/raw`` after `mpv_initialize`, with `vo=libmpv`, `hwdec=no` and
/// `video-timing-offset=0` among the handle's options, and stores itself in
/// ``MPVHandle/renderContext``. `MPVHandle.destroy()` (or the `HandleDestroyer` a retired handle
/// goes to) calls ``free()`` before `mpv_terminate_destroy`, the order libmpv requires.
protocol MPVRenderContextSeam: AnyObject {
    /// Frees the render context (`mpv_render_context_free`); called once, before the handle goes.
    func free()
}
