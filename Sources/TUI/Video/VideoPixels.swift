/// A borrowed view of one rgb0 frame (red, green, blue, one unused byte per pixel; rows
/// `stride` bytes apart), valid only during the call it is passed to. No copy is made.
///
/// ```swift
/// frame.withPixels { bytes in
///     loop.video.show(VideoPixels(bytes: bytes, width: frame.width, height: frame.height, stride: frame.stride))
/// }
/// ```
public struct VideoPixels {
    public let bytes: UnsafeRawBufferPointer
    public let width: Int
    public let height: Int
    public let stride: Int

    public init(bytes: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4 && bytes.count >= stride * height, "rgb0 buffer too small")
        self.bytes = bytes
        self.width = width
        self.height = height
        self.stride = stride
    }

    @inline(__always)
    func pixel(x: Int, y: Int) -> RGB {
        let offset = y * stride + x * 4
        return RGB(bytes[offset], bytes[offset + 1], bytes[offset + 2])
    }
}
