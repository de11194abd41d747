/// Encodes rgb0 frames as sixel images (DEC's VT340 graphics, drawn by xterm `-ti vt340`, foot,
/// WezTerm, mlterm, Konsole, Windows Terminal): a palette made for the frame (``SixelPalette``,
/// at most 256 colour registers), then the picture in bands of six pixel rows, each colour of a
/// band one run-length-encoded row of sixel characters. No dithering: it would change with every
/// frame and cost bytes.
///
/// The bytes are one complete DCS sequence (`ESC P … q … ESC \`), drawn by the terminal at the
/// cursor; the caller positions the cursor and keeps ncurses' state (DECSC/DECRC).
///
/// ```swift
/// var encoder = SixelEncoder()
/// var bytes: [UInt8] = []
/// encoder.encode(pixels, into: &bytes)
/// sink.write(bytes)
/// ```
public struct SixelEncoder {
    /// Colour registers to use (xterm offers 256 with `numColorRegisters`; a VT340 had 16).
    public var maxColors = 256
    private var palette = SixelPalette()
    /// One band's sixel bits: `bits[color * width + x]`, bit `row` set when that pixel has `color`.
    private var bits: [UInt8] = []
    /// The columns each colour covers in the current band (min, max), and the colours used.
    private var spans: [(Int, Int)] = Array(repeating: (Int.max, -1), count: 256)
    private var usedColors: [Int] = []
    /// Each pixel's palette entry for the current band.
    private var indices: [UInt8] = []

    public init() {}

    /// The bytes of one image showing `pixels`, appended to `out`. Its height is `pixels.height`
    /// rounded down to a multiple of 6 (a sixel band), so it never reaches below the pane.
    public mutating func encode(_ pixels: VideoPixels, into out: inout [UInt8]) {
        let width = pixels.width, height = pixels.height / 6 * 6
        guard width > 0, height > 0 else { return }
        palette.build(from: pixels, maxColors: maxColors)
        // DCS P1=0 (aspect from the raster attributes), P2=1 (unset pixels keep what is there), q;
        // raster attributes: 1:1 pixels, width × height.
        out.append(contentsOf: [0x1B, 0x50, 0x30, 0x3B, 0x31, 0x3B, 0x30, 0x71, 0x22, 0x31, 0x3B, 0x31, 0x3B])
        VideoEncoder.appendNumber(width, to: &out)
        out.append(0x3B)
        VideoEncoder.appendNumber(height, to: &out)
        for (index, color) in palette.colors.enumerated() {
            // `#n;2;r;g;b` with each channel in percent.
            out.append(0x23)
            VideoEncoder.appendNumber(index, to: &out)
            out.append(contentsOf: [0x3B, 0x32, 0x3B])
            VideoEncoder.appendNumber((Int(color.red) * 100 + 127) / 255, to: &out)
            out.append(0x3B)
            VideoEncoder.appendNumber((Int(color.green) * 100 + 127) / 255, to: &out)
            out.append(0x3B)
            VideoEncoder.appendNumber((Int(color.blue) * 100 + 127) / 255, to: &out)
        }
        let colors = palette.colors.count
        if bits.count < colors * width { bits = [UInt8](repeating: 0, count: colors * width) }
        if indices.count < width * 6 { indices = [UInt8](repeating: 0, count: width * 6) }
        for top in stride(from: 0, to: height, by: 6) {
            encodeBand(pixels, top: top, width: width, into: &out)
            out.append(0x2D)   // `-`: next band
        }
        out.append(contentsOf: [0x1B, 0x5C])
    }

    private mutating func encodeBand(_ pixels: VideoPixels, top: Int, width: Int, into out: inout [UInt8]) {
        usedColors.removeAll(keepingCapacity: true)
        let palette = palette
        pixels.bytes.withMemoryRebound(to: UInt8.self) { bytes in
            bits.withUnsafeMutableBufferPointer { bits in
                spans.withUnsafeMutableBufferPointer { spans in
                    for row in 0..<6 {
                        var offset = (top + row) * pixels.stride
                        let bit = UInt8(1) << row
                        for x in 0..<width {
                            let color = Int(palette.index(key: SixelPalette.key(bytes[offset], bytes[offset + 1], bytes[offset + 2])))
                            offset += 4
                            if spans[color].1 < 0 {
                                usedColors.append(color)
                                spans[color] = (x, x)
                            } else if x > spans[color].1 {
                                spans[color].1 = x
                            } else if x < spans[color].0 {
                                spans[color].0 = x
                            }
                            bits[color * width + x] |= bit
                        }
                    }
                }
            }
        }
        for (n, color) in usedColors.enumerated() {
            if n > 0 { out.append(0x24) }   // `$`: back to the band's first column
            out.append(0x23)
            VideoEncoder.appendNumber(color, to: &out)
            let (first, last) = spans[color]
            if first > 0 { Self.appendRun(0, count: first, to: &out) }   // skip: no bits set
            var x = first
            let base = color * width
            while x <= last {
                let value = bits[base + x]
                var run = 1
                while x + run <= last, bits[base + x + run] == value { run += 1 }
                Self.appendRun(value, count: run, to: &out)
                x += run
            }
            for i in first...last { bits[base + i] = 0 }
            spans[color] = (Int.max, -1)
        }
    }

    /// `count` sixels of `value` (6 bits): repeated as `!count` when that is shorter.
    @inline(__always)
    private static func appendRun(_ value: UInt8, count: Int, to out: inout [UInt8]) {
        let character = 0x3F + value
        if count > 3 {
            out.append(0x21)
            VideoEncoder.appendNumber(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }
}
