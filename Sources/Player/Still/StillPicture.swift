/// One rgb0 frame that owns its pixels (red, green, blue, one unused byte; rows ``stride`` bytes
/// apart): the still of an event, rendered by ``StillRenderer``, kept in a cache and drawn in the
/// video pane while nothing plays.
///
/// ```swift
/// let still = try StillRenderer.render(source, width: 120, height: 80, configuration: configuration) { false }
/// still.withPixels { bytes in pane.hold(VideoPixels(bytes: bytes, width: still.width, height: still.height, stride: still.stride)) }
/// ```
public struct StillPicture: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Bytes per row (a multiple of 64).
    public let stride: Int
    let bytes: [UInt8]

    init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// Calls `body` with the pixel bytes (`stride * height` of them).
    public func withPixels<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// The pixel at (`x`, `y`) as (red, green, blue); for tests and probes.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let offset = y * stride + x * 4
        return (bytes[offset], bytes[offset + 1], bytes[offset + 2])
    }
}
