/// Stills: one picture that must reach the pane even when it arrives while the pane is hidden
/// (an overlay, the poster of the previous screen): unlike a playing frame, no later frame
/// replaces it. ``TerminalVideo/hold(_:)`` keeps a copy until it is drawn.
extension TerminalVideo {
    /// Draws `pixels` now if the pane shows video, else as soon as it does (the next
    /// ``place(rect:visible:ncursesDrewOver:)``). Forgotten by ``clear()`` and when the pane moves
    /// or changes size (a still of the old size would not fit).
    ///
    /// ```swift
    /// still.withPixels { loop.video.hold(VideoPixels(bytes: $0, width: still.width, height: still.height, stride: still.stride)) }
    /// ```
    public func hold(_ pixels: VideoPixels) {
        held = PixelCopy(pixels)
        showHeld()
    }

    func showHeld() {
        guard let still = held else { return }
        if still.withPixels({ show($0) }) { held = nil }
    }
}
