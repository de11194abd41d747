import CSixel
import Foundation
import Testing
@testable import TUI

/// Our sixel images, decoded by libsixel's own decoder and compared with the frames they came
/// from, and the protocol's rules checked on the bytes.
@Suite("Sixel encoder")
struct SixelEncoderTests {
    /// An rgb0 frame like ffmpeg's `testsrc2`: colour bars over the top half, a horizontal
    /// gradient under them, a moving box; `seed` moves the box and shifts the gradient.
    static func frame(width: Int, height: Int, seed: Int = 0) -> [UInt8] {
        let bars: [(UInt8, UInt8, UInt8)] = [(191, 191, 191), (191, 191, 0), (0, 191, 191), (0, 191, 0),
                                             (191, 0, 191), (191, 0, 0), (0, 0, 191), (16, 16, 16)]
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                var (r, g, b): (UInt8, UInt8, UInt8)
                if y < height / 2 {
                    (r, g, b) = bars[x * bars.count / width]
                } else {
                    let t = (x * 255 / max(width - 1, 1) + seed * 7) % 256
                    (r, g, b) = (UInt8(t), UInt8((t + y) % 256), UInt8(255 - t))
                }
                let boxX = (seed * 13) % max(width - 40, 1), boxY = height / 4
                if (boxX..<boxX + 40).contains(x), (boxY..<boxY + 30).contains(y) { (r, g, b) = (255, 255, 255) }
                bytes[o] = r; bytes[o + 1] = g; bytes[o + 2] = b
            }
        }
        return bytes
    }

    static func encode(_ frame: [UInt8], width: Int, height: Int, encoder: inout SixelEncoder) -> [UInt8] {
        var out: [UInt8] = []
        frame.withUnsafeBytes { bytes in
            encoder.encode(VideoPixels(bytes: bytes, width: width, height: height, stride: width * 4), into: &out)
        }
        return out
    }

    /// libsixel's decoding of `sixel`: width, height and rgb bytes (3 per pixel).
    static func decode(_ sixel: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        var allocator: OpaquePointer?
        guard sixel_allocator_new(&allocator, nil, nil, nil, nil) == SIXEL_OK else { throw DecodeError("no allocator") }
        defer { sixel_allocator_unref(allocator) }
        var input = sixel
        var pixels: UnsafeMutablePointer<UInt8>?, palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        let status = sixel_decode_raw(&input, Int32(input.count), &pixels, &width, &height, &palette, &colors, allocator)
        guard status == SIXEL_OK, let pixels, let palette else { throw DecodeError("libsixel could not decode: status \(status)") }
        defer {
            sixel_allocator_free(allocator, pixels)
            sixel_allocator_free(allocator, palette)
        }
        var rgb = [UInt8](repeating: 0, count: Int(width * height) * 3)
        for i in 0..<Int(width * height) {
            let entry = Int(pixels[i])
            rgb[i * 3] = palette[entry * 3]
            rgb[i * 3 + 1] = palette[entry * 3 + 1]
            rgb[i * 3 + 2] = palette[entry * 3 + 2]
        }
        return (Int(width), Int(height), rgb)
    }

    struct DecodeError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// PSNR in dB of the decoded rgb against the rgb0 source (its first `height` rows).
    static func psnr(_ rgb: [UInt8], _ source: [UInt8], width: Int, height: Int) -> Double {
        var sum = 0.0
        for i in 0..<(width * height) {
            for c in 0..<3 {
                let d = Double(rgb[i * 3 + c]) - Double(source[i * 4 + c])
                sum += d * d
            }
        }
        let mse = sum / Double(width * height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    @Test(arguments: [(480, 280), (960, 620), (59, 17), (7, 5)])
    func libsixelDecodesTheFrameWithAPSNROfAtLeast30dB(size: (Int, Int)) throws {
        let (width, height) = size
        var encoder = SixelEncoder()
        let source = Self.frame(width: width, height: height, seed: 3)
        let sixel = Self.encode(source, width: width, height: height, encoder: &encoder)
        guard height >= 6 else {
            #expect(sixel.isEmpty, "less than one band: nothing to draw")
            return
        }
        let decoded = try Self.decode(sixel)
        #expect(decoded.width == width)
        #expect(decoded.height == height / 6 * 6, "whole bands only, never below the pane")
        let quality = Self.psnr(decoded.rgb, source, width: width, height: decoded.height)
        #expect(quality >= 30, "PSNR \(quality) dB")
    }

    @Test func framesInARowEachDecodeToTheirOwnPicture() throws {
        var encoder = SixelEncoder()   // reused, as the pane's writer does: nothing may leak between frames
        for seed in 0..<4 {
            let source = Self.frame(width: 120, height: 60, seed: seed)
            let decoded = try Self.decode(Self.encode(source, width: 120, height: 60, encoder: &encoder))
            #expect(Self.psnr(decoded.rgb, source, width: 120, height: 60) >= 30, "frame \(seed)")
        }
    }

    @Test func theBytesAreOneDCSWithRasterAttributesAPaletteAndBands() throws {
        var encoder = SixelEncoder()
        let sixel = Self.encode(Self.frame(width: 64, height: 24), width: 64, height: 24, encoder: &encoder)
        let text = String(decoding: sixel, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;64;24#0;2;"))
        #expect(text.hasSuffix("-\u{1B}\\"))
        #expect(text.filter { $0 == "-" }.count == 4, "24 rows are 4 bands")
        #expect(!sixel.dropFirst(2).dropLast(2).contains(0x1B), "no other escape inside")
        let registers = text.split(separator: "#").dropFirst().filter { $0.contains(";2;") }.count
        #expect(registers >= 8 && registers <= 256)
    }

    @Test func aPaletteLimitIsKept() throws {
        var encoder = SixelEncoder()
        encoder.maxColors = 16   // a real VT340's registers
        let source = Self.frame(width: 96, height: 48)
        let sixel = Self.encode(source, width: 96, height: 48, encoder: &encoder)
        let text = String(decoding: sixel, as: UTF8.self)
        #expect(text.split(separator: "#").dropFirst().filter { $0.contains(";2;") }.count <= 16)
        let decoded = try Self.decode(sixel)
        #expect(decoded.width == 96 && decoded.height == 48)
    }
}
