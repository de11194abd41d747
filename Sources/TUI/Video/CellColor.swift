/// One colour as the terminal gets it: 24-bit, a palette index (256 or 8 colours), or the
/// terminal's default. Packed in 32 bits so a grid of cells compares fast.
struct CellColor: Hashable {
    let code: UInt32

    static let terminalDefault = CellColor(code: 0)
    static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> CellColor {
        CellColor(code: 0x0100_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }
    static func indexed(_ index: Int) -> CellColor { CellColor(code: 0x0200_0000 | UInt32(index & 0xFF)) }

    var isIndexed: Bool { code >> 24 == 2 }
    var index: Int { Int(code & 0xFF) }

    /// The colour the terminal shows for it (xterm's palette for indices).
    var shown: RGB {
        switch code >> 24 {
        case 1: RGB(UInt8(code >> 16 & 0xFF), UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF))
        case 2: ColorQuantizer.paletteRGB(index)
        default: RGB(0, 0, 0)
        }
    }
}

/// A pixel colour.
struct RGB: Hashable {
    var red: UInt8, green: UInt8, blue: UInt8
    init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { (self.red, self.green, self.blue) = (red, green, blue) }

    /// "Redmean" weighted distance (squared): a cheap perceptual distance, closer to how eyes
    /// compare colours than plain RGB distance (green counts most, red and blue by redness).
    func distance(to other: RGB) -> Int {
        let mean = (Int(red) + Int(other.red)) / 2
        let r = Int(red) - Int(other.red), g = Int(green) - Int(other.green), b = Int(blue) - Int(other.blue)
        return (((512 + mean) * r * r) >> 8) + 4 * g * g + (((767 - mean) * b * b) >> 8)
    }

    /// Rec. 601 luma, 0…255.
    var luma: Int { (299 * Int(red) + 587 * Int(green) + 114 * Int(blue)) / 1000 }
}
