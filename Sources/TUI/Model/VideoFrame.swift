/// A software-rendered video frame for the terminal video pane (seam for a later issue).
///
/// Equality compares `generation` only, so snapshots stay cheap to diff.
///
/// ```swift
/// let frame = VideoFrame(width: 160, height: 90, stride: 640, generation: 42, pixels: bytes) // rgb0
/// ```
public struct VideoFrame: Hashable, Sendable {
    public var width: Int
    public var height: Int
    /// Bytes per row (rgb0: 4 bytes per pixel, padded).
    public var stride: Int
    /// Increases with every new frame.
    public var generation: UInt64
    public var pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int, generation: UInt64, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        self.generation = generation
        self.pixels = pixels
    }

    public static func == (lhs: VideoFrame, rhs: VideoFrame) -> Bool {
        lhs.generation == rhs.generation && lhs.width == rhs.width && lhs.height == rhs.height
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
    }
}
