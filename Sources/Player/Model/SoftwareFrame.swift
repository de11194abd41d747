/// The latest terminal-video frame of a ``Player`` (``Player/videoFrame``): rgb0 pixels (red,
/// green, blue, one unused byte) at the size set with ``Player/setVideoOutputSize(width:height:)``,
/// rows ``stride`` bytes apart. The value is small; its pixels live in the player's one reused
/// buffer, so read them (``withPixels(_:)``) before the next `drain()`; no frame allocates.
/// Not `Sendable`: the next render overwrites that buffer on the player's thread, so a frame
/// must not leave it (copy the pixels, as the TUI's `TerminalVideo.hold(_:)` does, to keep them).
///
/// ```swift
/// if let frame = player.videoFrame, frame.generation != shownGeneration {
///     shownGeneration = frame.generation
///     frame.withPixels { bytes in videoPane.show(rgb0: bytes, width: frame.width, height: frame.height, stride: frame.stride) }
/// }
/// ```
public struct SoftwareFrame: Equatable {
    public let width: Int
    public let height: Int
    /// Bytes per row (a multiple of 64).
    public let stride: Int
    /// Increases with every rendered frame (across playbacks).
    public let generation: UInt64
    let buffer: PixelBuffer

    init(buffer: PixelBuffer, generation: UInt64) {
        self.width = buffer.width
        self.height = buffer.height
        self.stride = buffer.stride
        self.generation = generation
        self.buffer = buffer
    }

    /// Calls `body` with the pixel bytes (`stride * height` of them).
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(buffer.bytes)
    }

    /// The pixel at (`x`, `y`) as (red, green, blue); for tests and probes.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let p = buffer.base.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return (p[0], p[1], p[2])
    }

    public static func == (lhs: SoftwareFrame, rhs: SoftwareFrame) -> Bool {
        lhs.generation == rhs.generation && lhs.width == rhs.width && lhs.height == rhs.height
    }
}
