internal import CZlib
import Foundation

/// Encodes rgb0 frames as kitty graphics protocol images (kitty, Ghostty, WezTerm): RGB pixels
/// (`f=24`) transmitted and shown at the cursor in one command (`a=T`) under a fixed image id and
/// placement, so each frame replaces the last in place; `q=2` so the terminal sends no replies
/// to the key reader, `C=1` so the cursor stays, `c`/`r` so it covers exactly the pane's cells.
///
/// Two ways to send the pixels (``KittyTransport``): inside the escape sequence, zlib-compressed
/// (`o=z`) and in base64 chunks of at most 4096 bytes (`m=1` … `m=0`), which works over any link;
/// or, when the terminal proved it runs on this machine, in a shared memory object (`t=s`,
/// ``SharedMemoryImage``) whose name is all the sequence carries: a full-pane frame is then about
/// 100 bytes instead of a megabyte of base64.
///
/// ```swift
/// var encoder = KittyEncoder(imageID: 1, transport: .direct)
/// encoder.load(pixels)
/// encoder.encode(columns: 59, rows: 35, into: &bytes)
/// bytes += KittyEncoder.delete(imageID: 1)   // when the pane is covered or gone
/// ```
struct KittyEncoder {
    /// The pane's image id (one per pane).
    let imageID: Int
    /// How the pixels travel; a shared memory failure falls back to ``KittyTransport/direct``.
    private(set) var transport: KittyTransport
    /// The most base64 bytes in one escape sequence (the protocol's limit).
    static let chunkSize = 4096
    /// A shared memory frame the terminal did not read in this long is taken back (it dropped the
    /// command): the picture goes on rather than waiting for it forever.
    static let sharedMemoryTimeout: Duration = .seconds(1)
    /// The last frame's pixels, RGB, row after row.
    private(set) var rgb: [UInt8] = []
    private(set) var width = 0
    private(set) var height = 0
    private var deflated: [UInt8] = []
    /// The last shared memory frame, until the terminal has read it.
    private var sent: (image: SharedMemoryImage, at: ContinuousClock.Instant)?

    init(imageID: Int, transport: KittyTransport = .direct) {
        self.imageID = imageID
        self.transport = transport
    }

    /// Keeps `pixels` (rgb0) as the frame to send.
    mutating func load(_ pixels: VideoPixels) {
        width = pixels.width
        height = pixels.height
        let count = width * height * 3
        if rgb.count != count { rgb = [UInt8](repeating: 0, count: count) }
        let (width, height, stride) = (width, height, pixels.stride)
        pixels.bytes.withMemoryRebound(to: UInt8.self) { source in
            rgb.withUnsafeMutableBufferPointer { target in
                var o = 0
                for y in 0..<height {
                    var i = y * stride
                    for _ in 0..<width {
                        target[o] = source[i]; target[o + 1] = source[i + 1]; target[o + 2] = source[i + 2]
                        o += 3
                        i += 4
                    }
                }
            }
        }
    }

    /// Appends the escape sequences that show the loaded frame over `columns`×`rows` cells from
    /// the cursor (nothing before a frame was loaded).
    mutating func encode(columns: Int, rows: Int, into out: inout [UInt8]) {
        guard width > 0, height > 0 else { return }
        let placement = "a=T,f=24,s=\(width),v=\(height),c=\(columns),r=\(rows),i=\(imageID),p=1,q=2,C=1"
        if transport == .sharedMemory {
            takeBack()
            do {
                let image = try SharedMemoryImage(bytes: rgb)
                sent = (image, .now)
                out += [0x1B, 0x5F, 0x47]   // ESC _ G
                out += Array("\(placement),t=s,S=\(rgb.count);".utf8)
                out += image.payload
                out += [0x1B, 0x5C]
                return
            } catch {
                transport = .direct   // no shared memory after all: inline from now on
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
                out += Array("\(placement),o=z,".utf8)
                first = false
            }
            out += Array((more ? "m=1;" : "m=0;").utf8)
            out += encoded[offset..<end]
            out += [0x1B, 0x5C]
            offset = end
        } while offset < encoded.count
    }

    /// True while the terminal has not read the last shared memory frame (it is behind: the next
    /// frame waits). After ``sharedMemoryTimeout`` the frame is taken back and this is false.
    mutating func isBehind(now: ContinuousClock.Instant = .now) -> Bool {
        guard let sent else { return false }
        if !sent.image.isWaiting {
            self.sent = nil
            return false
        }
        if now - sent.at >= Self.sharedMemoryTimeout {
            takeBack()
            return false
        }
        return true
    }

    /// Unlinks the last shared memory frame if the terminal has not read it (a frame that will
    /// not be drawn must not stay in memory).
    mutating func takeBack() {
        sent?.image.unlink()
        sent = nil
    }

    /// Forgets the loaded frame.
    mutating func forget() {
        takeBack()
        width = 0
        height = 0
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

/// How kitty images reach the terminal.
public enum KittyTransport: String, Hashable, Sendable {
    /// Inside the escape sequences, compressed: works over SSH.
    case direct
    /// In POSIX shared memory (`t=s`): only when the terminal is on this machine.
    case sharedMemory = "shm"
}
