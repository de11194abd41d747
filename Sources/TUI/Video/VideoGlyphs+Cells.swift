import PlaybackStates

/// The block glyphs that draw a cell's pixels for each ``VideoGlyphs`` choice (the choice itself is
/// PlaybackStates' vocabulary, shared with the config file and the flag).
extension VideoGlyphs {
    /// The glyph whose "on" sub-cells are the set bits of `mask` (bit i = pixel i, row by row).
    func glyph(mask: Int) -> UInt32 {
        switch self {
        case .half: Self.halves[mask & 3]
        case .quadrant: Self.quadrants[mask & 15]
        case .sextant: Self.sextant(mask & 63)
        }
    }

    static let halves: [UInt32] = [0x20, 0x2580, 0x2584, 0x2588]   // " ▀▄█"
    /// Quadrant bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
    static let quadrants: [UInt32] = [0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
                                      0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588]

    /// Sextant bits 1…32 run row by row, left then right. U+1FB00… lists the patterns in mask
    /// order, leaving out empty, full and the two half columns (the existing ▌ and ▐).
    static func sextant(_ mask: Int) -> UInt32 {
        switch mask {
        case 0: 0x20
        case 63: 0x2588
        case 21: 0x258C
        case 42: 0x2590
        default: UInt32(0x1FB00 + mask - 1 - (mask > 21 ? 1 : 0) - (mask > 42 ? 1 : 0))
        }
    }
}
