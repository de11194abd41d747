import CZlib
import Foundation
import Testing
@testable import TUI

/// Our kitty graphics payloads read back by a small parser of the protocol (APC chunks, keys,
/// base64, zlib) and compared with the frames they came from, and the protocol's rules checked.
@Suite("Kitty encoder")
struct KittyEncoderTests {
    /// One `ESC _ G keys ; payload ESC \` command.
    struct Command {
        var keys: [String: String]
        var payload: String
        var length: Int
    }

    static func commands(_ bytes: [UInt8]) -> [Command] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}\\").filter { !$0.isEmpty }.compactMap { part in
            guard let start = part.range(of: "\u{1B}_G") else { return nil }
            let body = part[start.upperBound...]
            let (control, payload) = body.firstIndex(of: ";").map { (body[..<$0], body[body.index(after: $0)...]) } ?? (body, "")
            var keys: [String: String] = [:]
            for pair in control.split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1)
                if kv.count == 2 { keys[String(kv[0])] = String(kv[1]) }
            }
            return Command(keys: keys, payload: String(payload), length: payload.utf8.count)
        }
    }

    /// The image the commands carry: the first command's keys and the inflated RGB.
    static func image(_ commands: [Command]) throws -> (keys: [String: String], rgb: [UInt8]) {
        let base64 = commands.map(\.payload).joined()
        let compressed = try #require(Data(base64Encoded: base64))
        let keys = try #require(commands.first?.keys)
        let width = Int(keys["s"] ?? "") ?? 0, height = Int(keys["v"] ?? "") ?? 0
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        var length = uLong(rgb.count)
        let source = [UInt8](compressed)
        let status = rgb.withUnsafeMutableBufferPointer { target in
            source.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        #expect(status == Z_OK && Int(length) == rgb.count)
        return (keys, rgb)
    }

    @Test(arguments: [(480, 276), (59, 17), (960, 618)])
    func theImageInflatesToTheFrameAndFollowsTheProtocol(size: (Int, Int)) throws {
        let (width, height) = size
        let frame = SixelEncoderTests.frame(width: width, height: height, seed: 2)
        var encoder = KittyEncoder(imageID: 7)
        var bytes: [UInt8] = []
        frame.withUnsafeBytes { encoder.load(VideoPixels(bytes: $0, width: width, height: height, stride: width * 4)) }
        encoder.encode(columns: 59, rows: 17, into: &bytes)
        let commands = Self.commands(bytes)
        #expect(!commands.isEmpty)
        #expect(commands.allSatisfy { $0.length <= 4096 }, "a chunk over 4096 bytes")
        #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" } && commands.last?.keys["m"] == "0", "m=1 … m=0")
        let first = try #require(commands.first)
        for (key, value) in ["a": "T", "f": "24", "o": "z", "s": "\(width)", "v": "\(height)", "c": "59", "r": "17", "i": "7",
                             "p": "1", "q": "2", "C": "1"] {
            #expect(first.keys[key] == value, "\(key)=\(first.keys[key] ?? "none")")
        }
        #expect(commands.dropFirst().allSatisfy { $0.keys.keys.sorted() == ["m"] }, "later chunks carry only m")
        let (_, rgb) = try Self.image(commands)
        var same = true
        for i in 0..<(width * height) where rgb[i * 3] != frame[i * 4] || rgb[i * 3 + 1] != frame[i * 4 + 1] || rgb[i * 3 + 2] != frame[i * 4 + 2] {
            same = false
            break
        }
        #expect(same, "lossless: the terminal gets the frame's own pixels")
    }

    @Test func deletingFreesThePanesImageQuietly() {
        #expect(String(decoding: KittyEncoder.delete(imageID: 7), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
    }

    /// The pane's encoder deletes its image when asked to hide it, once, and only after it showed one.
    @Test func thePaneEncoderErasesOnlyWhatItShowed() {
        var pane = KittyPaneEncoder(imageID: 3)
        var out: [UInt8] = []
        pane.erase(into: &out)
        #expect(out.isEmpty, "nothing shown yet")
        let frame = SixelEncoderTests.frame(width: 16, height: 12)
        frame.withUnsafeBytes { pane.encode(VideoPixels(bytes: $0, width: 16, height: 12, stride: 64), columns: 2, rows: 1, left: 10, top: 4, into: &out) }
        #expect(String(decoding: out, as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}7\u{1B}[5;11H\u{1B}_G"))
        out = []
        pane.erase(into: &out)
        #expect(out == KittyEncoder.delete(imageID: 3))
        out = []
        pane.erase(into: &out)
        #expect(out.isEmpty, "already gone")
        pane.repaint(left: 10, top: 4, into: &out)
        #expect(!out.isEmpty, "the last frame again")
    }

    /// Through shared memory the command carries only the object's name (`t=s`, `S` = its size);
    /// the object holds the frame's RGB pixels; until the terminal has read (and unlinked) it the
    /// encoder is behind, and a frame the terminal never reads is taken back.
    @Test func throughSharedMemoryTheCommandNamesAnObjectHoldingTheFrame() throws {
        let (width, height) = (480, 276)
        let frame = SixelEncoderTests.frame(width: width, height: height, seed: 3)
        var encoder = KittyEncoder(imageID: 4, transport: .sharedMemory)
        var bytes: [UInt8] = []
        frame.withUnsafeBytes { encoder.load(VideoPixels(bytes: $0, width: width, height: height, stride: width * 4)) }
        encoder.encode(columns: 60, rows: 17, into: &bytes)
        let commands = Self.commands(bytes)
        #expect(commands.count == 1 && bytes.count < 200, "one short command, no pixels inline")
        let command = try #require(commands.first)
        for (key, value) in ["a": "T", "f": "24", "t": "s", "S": "\(width * height * 3)", "s": "\(width)", "v": "\(height)",
                             "i": "4", "q": "2", "C": "1"] {
            #expect(command.keys[key] == value, "\(key)=\(command.keys[key] ?? "none")")
        }
        #expect(command.keys["o"] == nil && command.keys["m"] == nil)
        let name = String(decoding: try #require(Data(base64Encoded: command.payload)), as: UTF8.self)
        #expect(name.hasPrefix("/eventplayer-\(getpid())-"))
        // What the terminal would read.
        let fd = shm_open(name, O_RDONLY, 0)
        try #require(fd >= 0, "the object exists")
        var stored = [UInt8](repeating: 0, count: width * height * 3)
        let count = stored.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(count == stored.count)
        var same = true
        for i in 0..<(width * height) where stored[i * 3] != frame[i * 4] || stored[i * 3 + 1] != frame[i * 4 + 1] || stored[i * 3 + 2] != frame[i * 4 + 2] {
            same = false
            break
        }
        #expect(same, "the object holds the frame's pixels")
        let unread = encoder.isBehind()
        #expect(unread, "not read yet")
        shm_unlink(name)   // the terminal read it
        let afterRead = encoder.isBehind()
        #expect(!afterRead)
        // A frame the terminal drops: taken back after the timeout, not waited for forever.
        bytes = []
        encoder.encode(columns: 60, rows: 17, into: &bytes)
        let secondCommand = try #require(Self.commands(bytes).first)
        let second = String(decoding: try #require(Data(base64Encoded: secondCommand.payload)), as: UTF8.self)
        #expect(second != name, "each frame its own object")
        let waiting = encoder.isBehind()
        #expect(waiting)
        let afterTimeout = encoder.isBehind(now: .now + KittyEncoder.sharedMemoryTimeout)
        #expect(!afterTimeout)
        #expect(shm_open(second, O_RDONLY, 0) < 0, "unlinked when taken back")
    }
}
