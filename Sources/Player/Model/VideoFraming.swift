import Foundation

/// How the picture sits in its pane: mpv's `video-zoom` (log2: 1 is twice the size) and
/// `video-pan-x`/`video-pan-y` (fractions of the picture's size). Kept for later playbacks, like
/// the speed; the same in every video mode (cells, sixel, mpv's window).
///
/// ```swift
/// var framing = VideoFraming()
/// framing.zoom(by: 0.1)      // Alt++ (mpv's key)
/// framing.pan(x: 0.1, y: 0)  // Alt+Left
/// framing.factor             // 1.07
/// ```
public struct VideoFraming: Sendable, Hashable {
    /// mpv's `video-zoom`, kept within -2…3 (a quarter to eight times).
    public private(set) var zoom: Double = 0
    /// mpv's `video-pan-x` and `video-pan-y`, kept within -3…3.
    public private(set) var panX: Double = 0
    public private(set) var panY: Double = 0

    public static let zoomRange = -2.0...3.0
    public static let panRange = -3.0...3.0

    public init(zoom: Double = 0, panX: Double = 0, panY: Double = 0) {
        self.zoom = Self.clamp(zoom, Self.zoomRange)
        self.panX = Self.clamp(panX, Self.panRange)
        self.panY = Self.clamp(panY, Self.panRange)
    }

    /// Zooms by `step` (log2).
    public mutating func zoom(by step: Double) { zoom = Self.clamp(zoom + step, Self.zoomRange) }

    /// Moves the picture by fractions of its size.
    public mutating func pan(x: Double, y: Double) {
        panX = Self.clamp(panX + x, Self.panRange)
        panY = Self.clamp(panY + y, Self.panRange)
    }

    /// The size factor the zoom gives, e.g. 2 for `zoom` 1.
    public var factor: Double { exp2(zoom) }

    /// Not zoomed or moved.
    public var isIdentity: Bool { zoom == 0 && panX == 0 && panY == 0 }

    private static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        guard value.isFinite else { return 0 }
        // Steps of 0.1 add up to 0.30000000000000004: keep two decimals, as mpv shows them.
        return min(max((value * 100).rounded() / 100, range.lowerBound), range.upperBound)
    }
}
