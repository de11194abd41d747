import CSixel
import Foundation
import TUI

/// Sixel encoders side by side on the same frames: eventplayer's (per-frame median-cut palette, no
/// dithering) against libsixel's (Debian's libsixel, which mpv's `--vo=sixel` uses), with its
/// adaptive 256-colour palette and no diffusion (as eventplayer and as mpv's default) and with its
/// default error diffusion; and libchafa's (Debian 12's 1.12, which chafa and many terminal image
/// viewers use) with its default settings, when installed. Frames: 1080p `testsrc2` with camera-like sensor noise, scaled by
/// ffmpeg to the pane (480×280) and the full terminal (960×620) of a 120×40 terminal with 8×16 cells.
/// Prints ms per frame, bytes per frame and PSNR (each image decoded by libsixel).
///
///     bench-sixel [frames]      (make bench-sixel)

struct Frames {
    let width: Int
    let height: Int
    /// rgb0, frame after frame.
    let bytes: [UInt8]
    var count: Int { bytes.count / (width * height * 4) }

    static func make(width: Int, height: Int, count: Int) throws -> Frames {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25",
                             "-frames:v", "\(count)", "-vf", "noise=alls=10:allf=t,scale=\(width):\(height)",
                             "-f", "rawvideo", "-pix_fmt", "rgb0", "-"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, data.count == width * height * 4 * count else {
            throw BenchError("ffmpeg made \(data.count) bytes of frames (status \(process.terminationStatus))")
        }
        return Frames(width: width, height: height, bytes: [UInt8](data))
    }

    func withFrame<T>(_ index: Int, _ body: (VideoPixels) -> T) -> T {
        let size = width * height * 4
        return bytes[(index * size)..<((index + 1) * size)].withUnsafeBytes {
            body(VideoPixels(bytes: $0, width: width, height: height, stride: width * 4))
        }
    }

    /// Frame `index` as RGBA with opaque alpha (libchafa's input).
    func rgba(_ index: Int) -> [UInt8] {
        let size = width * height * 4
        var out = Array(bytes[(index * size)..<((index + 1) * size)])
        for i in stride(from: 3, to: size, by: 4) { out[i] = 255 }
        return out
    }

    /// Frame `index` as rgb888 (libsixel's input).
    func rgb(_ index: Int) -> [UInt8] {
        let size = width * height
        var out = [UInt8](repeating: 0, count: size * 3)
        for i in 0..<size {
            out[i * 3] = bytes[index * size * 4 + i * 4]
            out[i * 3 + 1] = bytes[index * size * 4 + i * 4 + 1]
            out[i * 3 + 2] = bytes[index * size * 4 + i * 4 + 2]
        }
        return out
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One encoder's figures over the frames.
struct Result {
    var name: String
    var seconds: Double
    var bytes: Int
    var psnr: Double
    var frames: Int
    var line: String {
        let ms = seconds * 1000 / Double(frames)
        return "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%7.2f", ms)) ms/frame"
            + "  \(String(format: "%8d", bytes / frames)) bytes/frame  \(String(format: "%5.1f", psnr)) dB"
    }
}

/// Collects libsixel's output.
final class Sink {
    var bytes: [UInt8] = []
}

nonisolated(unsafe) let libsixelWrite: sixel_write_function = { data, size, context in
    guard let data, let context else { return 0 }
    let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
    data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) { sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size))) }
    return size
}

func libsixel(_ rgb: inout [UInt8], width: Int, height: Int, diffuse: Bool) -> [UInt8] {
    let sink = Sink()
    var output: OpaquePointer?
    var dither: OpaquePointer?
    sixel_output_new(&output, libsixelWrite, Unmanaged.passUnretained(sink).toOpaque(), nil)
    sixel_dither_new(&dither, 256, nil)
    sixel_dither_initialize(dither, &rgb, Int32(width), Int32(height), Int32(SIXEL_PIXELFORMAT_RGB888),
                            Int32(SIXEL_LARGE_AUTO), Int32(SIXEL_REP_AUTO), Int32(SIXEL_QUALITY_AUTO))
    if !diffuse { sixel_dither_set_diffusion_type(dither, Int32(SIXEL_DIFFUSE_NONE)) }
    sixel_encode(&rgb, Int32(width), Int32(height), 3, dither, output)
    sixel_dither_unref(dither)
    sixel_output_unref(output)
    return sink.bytes
}

/// PSNR of `sixel` decoded by libsixel against frame `index` (its first rows, whole bands).
func psnr(_ sixel: [UInt8], _ frames: Frames, _ index: Int) -> Double {
    var input = sixel
    var pixels: UnsafeMutablePointer<UInt8>?, palette: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
    guard sixel_decode_raw(&input, Int32(input.count), &pixels, &width, &height, &palette, &colors, nil) == SIXEL_OK,
          let pixels, let palette else { return 0 }
    defer { free(pixels); free(palette) }
    var sum = 0.0
    let rows = min(Int(height), frames.height), columns = min(Int(width), frames.width)
    let base = index * frames.width * frames.height * 4
    for y in 0..<rows {
        for x in 0..<columns {
            let entry = Int(pixels[y * Int(width) + x])
            for c in 0..<3 {
                let d = Double(palette[entry * 3 + c]) - Double(frames.bytes[base + (y * frames.width + x) * 4 + c])
                sum += d * d
            }
        }
    }
    let mse = sum / Double(rows * columns * 3)
    return mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
}

func measure(_ name: String, _ frames: Frames, encode: (Int) -> [UInt8]) -> Result {
    var result = Result(name: name, seconds: 0, bytes: 0, psnr: 0, frames: frames.count)
    var images: [[UInt8]] = []
    for index in 0..<frames.count {
        let start = ContinuousClock.now
        let image = encode(index)
        let elapsed = ContinuousClock.now - start
        result.seconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        result.bytes += image.count
        images.append(image)
    }
    result.psnr = images.enumerated().map { psnr($0.element, frames, $0.offset) }.reduce(0, +) / Double(frames.count)
    return result
}

let count = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 50
print("Sixel encoders on the same frames (1080p testsrc2 with sensor noise, scaled), \(count) frames each, one core")
for (width, height, label) in [(480, 276, "pane 480x276 (120x40 terminal, 8x16 cells)"), (960, 618, "full pane 960x618")] {
    let frames = try Frames.make(width: width, height: height, count: count)
    let rgb = (0..<frames.count).map { frames.rgb($0) }
    print(label)
    var ours = SixelEncoder()
    let eventplayer = measure("eventplayer (median cut, no dither)", frames) { index in
        var out: [UInt8] = []
        frames.withFrame(index) { ours.encode($0, into: &out) }
        return out
    }
    var copies = rgb
    let plain = measure("libsixel 1.10 (adaptive 256, no diffusion)", frames) { libsixel(&copies[$0], width: width, height: height, diffuse: false) }
    copies = rgb
    let diffused = measure("libsixel 1.10 (adaptive 256, default diffusion)", frames) { libsixel(&copies[$0], width: width, height: height, diffuse: true) }
    var results = [eventplayer, plain, diffused]
    let rgba = (0..<frames.count).map { frames.rgba($0) }
    if let chafa = Chafa(width: width, height: height) {
        results.append(measure("libchafa (sixel, its defaults)", frames) {
            chafa.encode(rgba[$0], width: width, height: height)
        })
    } else {
        print("  (libchafa not installed: apt-get install libchafa0)")
    }
    for result in results { print(result.line) }
    print("  eventplayer / libsixel (no diffusion): \(String(format: "%.2f", eventplayer.seconds / plain.seconds))x the time, "
          + "\(String(format: "%.2f", Double(eventplayer.bytes) / Double(plain.bytes)))x the bytes")
    if results.count == 4 {
        let chafa = results[3]
        print("  eventplayer / libchafa: \(String(format: "%.2f", eventplayer.seconds / chafa.seconds))x the time, "
              + "\(String(format: "%.2f", Double(eventplayer.bytes) / Double(chafa.bytes)))x the bytes")
    }
}
