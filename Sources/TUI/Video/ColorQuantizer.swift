/// Maps pixel colours to what a terminal of a ``ColorDepth`` can show: nearest by a perceptual
/// distance (``RGB/distance(to:)``) in the xterm 6×6×6 cube plus grey ramp, or the 8 ANSI
/// colours; 24-bit passes through. With a `previous` colour it keeps that one while it is still
/// nearly as close (hysteresis), so static areas do not twinkle from frame to frame.
struct ColorQuantizer {
    let depth: ColorDepth
    /// How much worse (in distance units) the previous colour may be and still be kept: about
    /// 6 levels per channel in 24-bit; in a palette (40 levels between neighbours) enough that a
    /// pixel wobbling a few levels around the middle between two entries keeps its entry.
    var hysteresis: Int { depth == .truecolor ? 300 : 1500 }

    /// The colour to show for `pixel`, preferring `previous` when it is about as good.
    func color(for pixel: RGB, previous: CellColor? = nil) -> CellColor {
        let best = nearest(pixel)
        guard let previous, previous != best, previous != .terminalDefault else { return best }
        let bestDistance = depth == .truecolor ? 0 : pixel.distance(to: best.shown)
        return pixel.distance(to: previous.shown) <= bestDistance + hysteresis ? previous : best
    }

    /// The nearest colour of the depth's palette (24-bit: the pixel itself).
    func nearest(_ pixel: RGB) -> CellColor {
        switch depth {
        case .truecolor: return .rgb(pixel.red, pixel.green, pixel.blue)
        case .palette256: return .indexed(Self.nearest256(pixel))
        case .palette8: return .indexed(Self.nearest8(pixel))
        case .monochrome: return pixel.luma >= 128 ? .indexed(7) : .indexed(0)
        }
    }

    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// Index 16…255: the nearer of the cube colour (nearest level per channel) and the grey.
    static func nearest256(_ pixel: RGB) -> Int {
        func level(_ value: UInt8) -> Int { value < 48 ? 0 : value < 115 ? 1 : (Int(value) - 35) / 40 }
        let (r, g, b) = (level(pixel.red), level(pixel.green), level(pixel.blue))
        let cube = 16 + 36 * r + 6 * g + b
        let average = (Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        return pixel.distance(to: paletteRGB(grey)) < pixel.distance(to: paletteRGB(cube)) ? grey : cube
    }

    /// xterm's default values of the 8 ANSI colours.
    static let ansi8: [RGB] = [RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
                               RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229)]

    static func nearest8(_ pixel: RGB) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, color) in ansi8.enumerated() {
            let distance = pixel.distance(to: color)
            if distance < bestDistance { (best, bestDistance) = (index, distance) }
        }
        return best
    }

    /// What xterm shows for palette index `index` (0…255).
    static func paletteRGB(_ index: Int) -> RGB {
        switch index {
        case 0..<8: return ansi8[index]
        case 8..<16: return ansi8[index - 8]
        case 16..<232:
            let n = index - 16
            return RGB(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[n / 6 % 6]), UInt8(cubeLevels[n % 6]))
        default:
            let value = UInt8(8 + 10 * (index - 232))
            return RGB(value, value, value)
        }
    }
}
