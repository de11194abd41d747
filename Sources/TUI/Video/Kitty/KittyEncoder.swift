internal import CZlib
import Foundation

/// Encodes rgb0 frames as kitty graphics protocol images (kitty, Ghostty, WezTerm): RGB pixels
/// (`f=24`), zlib-compressed (`o=z`), base64 in chunks of at most 4096 bytes (`m=1` … `m=0`),
/// transmitted and shown at the cursor in one command (`a=T`) under a fixed image id and
/// placement, so each frame replaces the last in place; `q=2` so the terminal sends no replies
/// to the key reader, `C=1` so the cursor stays, `c`/`r` so it covers exactly the pane's cells.
///
/// ```swift
/// var encoder = KittyEncoder(imageID: 1)
/// encoder.encode(pixels, columns: 59, rows: 35, into: &bytes)
/// bytes += KittyEncoder.delete(imageID: 1)   // when the pane is covered or gone
/// ```
struct KittyEncoder {
    /// The pane's image id (one per pane).
    let imageID: Int
    /// The most base64 bytes in one escape sequence (the protocol's limit).
    static let chunkSize = 4096
    private var rgb: [UInt8] = []
    private var deflated: [UInt8] = []

    init(imageID: Int) {
        self.imageID = imageID
    }

    /// Appends the escape sequences that show `pixels` over `columns`×`rows` cells from the cursor.
    mutating func encode(_ pixels: VideoPixels, columns: Int, rows: Int, into out: inout [UInt8]) {
        let width = pixels.width, height = pixels.height
        guard width > 0, height > 0 else { return }
        let count = width * height * 3
        if rgb.count != count { rgb = [UInt8](repeating: 0, count: count) }
        pixels.bytes.withMemoryRebound(to: UInt8.self) { source in
            rgb.withUnsafeMutableBufferPointer { target in
                var o = 0
                for y in 0..<height {
                    var i = y * pixels.stride
                    for _ in 0..<width {
                        target[o] = source[i]; target[o + 1] = source[i + 1]; target[o + 2] = source[i + 2]
                        o += 3
                        i += 4
                    }
                }
            }
        }
        let payload = Self.deflate(rgb, into: &deflated)
        let encoded = Array(Data(payload).base64EncodedData())
        var offset = 0
        var first = true
        repeat {
            let end = min(offset + Self.chunkSize, encoded.count)
            let more = end < encoded.count
            out += [0x1B, 0x5F, 0x47]   // ESC _ G
            if first {
                out += Array("a=T,f=24,o=z,s=\(width),v=\(height),c=\(columns),r=\(rows),i=\(imageID),p=1,q=2,C=1,".utf8)
                first = false
            }
            out += Array((more ? "m=1;" : "m=0;").utf8)
            out += encoded[offset..<end]
            out += [0x1B, 0x5C]
            offset = end
        } while offset < encoded.count
    }

    /// The command that removes the pane's image from the screen (and frees it in the terminal).
    static func delete(imageID: Int) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\".utf8)
    }

    /// zlib's deflate of `bytes` at its fastest level (frames are big and come 25 times a second).
    static func deflate(_ bytes: [UInt8], into buffer: inout [UInt8]) -> ArraySlice<UInt8> {
        var length = compressBound(uLong(bytes.count))
        if buffer.count < Int(length) { buffer = [UInt8](repeating: 0, count: Int(length)) }
        let status = buffer.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 1)
            }
        }
        guard status == Z_OK else { return bytes[...] }
        return buffer[0..<Int(length)]
    }
}
