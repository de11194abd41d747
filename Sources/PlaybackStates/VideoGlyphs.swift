/// How many video pixels one terminal cell shows, and with which glyphs (`--video-glyphs`).
///
/// `half` (default) draws `▀` with the top pixel as foreground and the bottom one as
/// background; `quadrant` (2×2) and `sextant` (2×3) choose per cell the two colours that best
/// represent its pixels and the block glyph whose pattern separates them.
///
/// ```swift
/// let glyphs = VideoGlyphs.sextant   // `--video-glyphs sextant` or `video-glyphs = "sextant"`
/// glyphs.pixelsPerCell   // (columns: 2, rows: 3)
/// ```
public enum VideoGlyphs: String, Sendable, Hashable, CaseIterable {
    case half, quadrant, sextant

    /// Pixels per cell, across and down.
    public var pixelsPerCell: (columns: Int, rows: Int) {
        switch self {
        case .half: (1, 2)
        case .quadrant: (2, 2)
        case .sextant: (2, 3)
        }
    }
}
