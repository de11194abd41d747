/// A palette of at most 256 colours made for one frame by median cut over a 15-bit histogram
/// (5 bits per channel), and the lookup from any 15-bit colour to its nearest entry.
///
/// Why a palette per frame rather than a fixed one with ordered dithering: a fixed 256-colour
/// palette has about 6 levels per channel, so every pixel is up to 25 levels off (a PSNR near
/// 25 dB, and dither noise that changes with every frame of moving video); a frame's own palette
/// spends its entries where the frame's colours are (about 35 dB on camera footage). The cost is
/// about a millisecond at 480×280 and the palette bytes in each image, which a sixel image must
/// carry anyway (xterm gives each image its own colour registers).
///
/// ```swift
/// var palette = SixelPalette()
/// palette.build(from: pixels, maxColors: 256)
/// let index = palette.index(of: RGB(200, 30, 40))
/// ```
struct SixelPalette {
    /// The entries, in order of their colour registers.
    private(set) var colors: [RGB] = []
    /// Pixels per 15-bit colour of the last frame.
    private var histogram = [UInt32](repeating: 0, count: 1 << 15)
    /// The entry for each 15-bit colour seen in the last frame (others are undefined).
    private var lookup = [UInt8](repeating: 0, count: 1 << 15)

    /// The 15-bit key of a colour: 5 bits each of red, green, blue.
    @inline(__always)
    static func key(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        (Int(r) >> 3) << 10 | (Int(g) >> 3) << 5 | Int(b) >> 3
    }

    /// The entry for a colour of the frame the palette was built from.
    @inline(__always)
    func index(key: Int) -> UInt8 { lookup[key] }

    func index(of color: RGB) -> UInt8 { lookup[Self.key(color.red, color.green, color.blue)] }

    /// Builds the palette for `pixels` (rgb0) with at most `maxColors` entries (2…256).
    mutating func build(from pixels: VideoPixels, maxColors: Int = 256) {
        let limit = min(max(maxColors, 2), 256)
        for i in histogram.indices { histogram[i] = 0 }
        pixels.bytes.withMemoryRebound(to: UInt8.self) { bytes in
            histogram.withUnsafeMutableBufferPointer { counts in
                for y in 0..<pixels.height {
                    var offset = y * pixels.stride
                    for _ in 0..<pixels.width {
                        counts[Self.key(bytes[offset], bytes[offset + 1], bytes[offset + 2])] &+= 1
                        offset += 4
                    }
                }
            }
        }
        var used: [Int32] = []
        used.reserveCapacity(4096)
        for key in 0..<(1 << 15) where histogram[key] > 0 { used.append(Int32(key)) }
        var boxes = [Box(start: 0, end: used.count)]
        boxes[0].measure(used, histogram)
        // Split the box with the widest channel range (weighted by its pixels) at its median.
        while boxes.count < limit {
            guard let pick = boxes.indices.filter({ boxes[$0].splittable }).max(by: { boxes[$0].priority < boxes[$1].priority }) else { break }
            let (low, high) = boxes[pick].split(&used, histogram)
            boxes[pick] = low
            boxes.append(high)
        }
        colors = boxes.map { $0.average(used, histogram) }
        // Each colour seen maps to its box's entry: one pass, whatever the number of colours
        // (a nearest-entry search would cost colours × entries per frame).
        for (index, box) in boxes.enumerated() {
            for i in box.start..<box.end { lookup[Int(used[i])] = UInt8(index) }
        }
    }

    /// A range of `used` (15-bit keys) and the bounds of its colours.
    private struct Box {
        var start: Int
        var end: Int
        var low = (0, 0, 0)
        var high = (0, 0, 0)
        var pixels: UInt64 = 0

        var splittable: Bool { end - start > 1 }
        /// Channel ranges in 5-bit steps, green weighted most (the eye's sensitivity).
        var ranges: (Int, Int, Int) { ((high.0 - low.0) * 2, (high.1 - low.1) * 4, (high.2 - low.2) * 3) }
        var priority: Double {
            let (r, g, b) = ranges
            return Double(max(r, g, b)) * Double(pixels).squareRoot()
        }

        mutating func measure(_ used: [Int32], _ histogram: [UInt32]) {
            low = (31, 31, 31)
            high = (0, 0, 0)
            pixels = 0
            for i in start..<end {
                let k = Int(used[i])
                let (r, g, b) = (k >> 10, (k >> 5) & 31, k & 31)
                low = (min(low.0, r), min(low.1, g), min(low.2, b))
                high = (max(high.0, r), max(high.1, g), max(high.2, b))
                pixels += UInt64(histogram[k])
            }
        }

        /// Sorts the box's colours along its widest channel and cuts where half its pixels fall.
        func split(_ used: inout [Int32], _ histogram: [UInt32]) -> (Box, Box) {
            let (r, g, b) = ranges
            let shift = r >= g && r >= b ? 10 : g >= b ? 5 : 0
            used[start..<end].sort { (Int($0) >> shift) & 31 < (Int($1) >> shift) & 31 }
            var count: UInt64 = 0
            var cut = start + 1
            for i in start..<end {
                count += UInt64(histogram[Int(used[i])])
                if count * 2 >= pixels { cut = min(max(i + 1, start + 1), end - 1); break }
            }
            var first = Box(start: start, end: cut), second = Box(start: cut, end: end)
            first.measure(used, histogram)
            second.measure(used, histogram)
            return (first, second)
        }

        /// The pixel-weighted average colour of the box.
        func average(_ used: [Int32], _ histogram: [UInt32]) -> RGB {
            var sum = (UInt64(0), UInt64(0), UInt64(0)), total: UInt64 = 0
            for i in start..<end {
                let k = Int(used[i]), n = UInt64(histogram[k])
                sum.0 += UInt64((k >> 10) << 3 | 4) * n
                sum.1 += UInt64(((k >> 5) & 31) << 3 | 4) * n
                sum.2 += UInt64((k & 31) << 3 | 4) * n
                total += n
            }
            guard total > 0 else { return RGB(0, 0, 0) }
            return RGB(UInt8(sum.0 / total), UInt8(sum.1 / total), UInt8(sum.2 / total))
        }
    }
}
