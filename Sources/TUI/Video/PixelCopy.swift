/// An owned copy of a frame's pixels (``VideoPixels`` only borrows them for one call): a still
/// that waits for the pane, or a frame that waits for another pane to finish writing.
struct PixelCopy {
    let bytes: [UInt8]
    let width: Int
    let height: Int
    let stride: Int

    init(_ pixels: VideoPixels) {
        bytes = Array(pixels.bytes)
        width = pixels.width
        height = pixels.height
        stride = pixels.stride
    }

    /// Lends the copy as ``VideoPixels`` for the call.
    func withPixels<R>(_ body: (VideoPixels) -> R) -> R {
        bytes.withUnsafeBytes { body(VideoPixels(bytes: $0, width: width, height: height, stride: stride)) }
    }
}
