import Foundation
import Glibc

/// A real terminal that draws pictures, on a private X server (Xvfb): xterm as a VT340 (`-ti
/// vt340`, 256 colour registers: sixel) or kitty (its graphics protocol, rendered by Mesa's
/// software OpenGL), driven as a user would: start a command in it, press keys (xdotool), take
/// screenshots of its window (xwd, read by ``Screenshot``). Like ``Tmux``, every call runs a
/// child process and waits: drive it from ``Tmux/offPool(_:)``.
///
/// ```swift
/// let xterm = try X11Terminal.start(.xterm, columns: 120, rows: 40, environment: env, command: "'\(binary)' --video terminal")
/// defer { xterm.stop() }
/// xterm.keys("Return")
/// let shot = try xterm.screenshot()
/// ```
public final class X11Terminal: @unchecked Sendable {
    /// Which terminal.
    public enum Program: Sendable {
        /// xterm as a VT340 with the `fixed` font (6×13 pixels per cell) and no border: sixel.
        case xterm
        /// kitty, 960×640 pixels: the kitty graphics protocol.
        case kitty

        var path: String { self == .xterm ? "/usr/bin/xterm" : "/usr/bin/kitty" }
    }

    /// The programs `program` needs, when all are installed (tests are disabled otherwise).
    public static func available(_ program: Program) -> Bool {
        ["/usr/bin/Xvfb", program.path, "/usr/bin/xwd", "/usr/bin/xdotool"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public let display: String
    /// Xvfb's and xterm's process ids (started in the background through the shell: Foundation's
    /// Process can wait forever on a child that leaves children of its own).
    private let pids: [Int32]
    private let windowFile: URL
    /// The xterm's window (its `WINDOWID`).
    public private(set) var window = ""

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private init(display: String, pids: [Int32], windowFile: URL) {
        self.display = display
        self.pids = pids
        self.windowFile = windowFile
    }

    /// Starts Xvfb on a free display and the terminal (xterm: `columns`×`rows` cells; kitty: a
    /// 960×640 window) running `command` through `sh -c`, with `environment` added.
    public static func start(_ program: Program, columns: Int = 120, rows: Int = 40, environment: [String: String],
                             command: String) throws -> X11Terminal {
        // Xvfb picks a free display itself and writes its number (-displayfd): tests running at once
        // never race for one.
        let displayFile = FileManager.default.temporaryDirectory.appending(path: "ep-xvfb-\(UUID().uuidString)")
        let server = background("/usr/bin/Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>\(quote(displayFile.path))")
        let number: String
        do {
            number = try Tmux.poll("Xvfb's display", seconds: 10, read: {
                (try? String(contentsOf: displayFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            }) { !$0.isEmpty }
        } catch {
            if let server { kill(server, SIGKILL) }
            throw error
        }
        try? FileManager.default.removeItem(at: displayFile)
        let display = ":\(number)"
        let windowFile = FileManager.default.temporaryDirectory.appending(path: "ep-xterm-\(UUID().uuidString)")
        let exports = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(quote($0.value))" }.joined(separator: " ")
        let inner = "echo \"$WINDOWID\" > \(quote(windowFile.path)); \(command)"
        let launch = switch program {
        case .xterm:
            "/usr/bin/xterm -display \(display) -ti vt340 -b 0 -fn fixed -xrm 'XTerm*numColorRegisters: 256' "
                + "-xrm 'XTerm*allowSendEvents: true' -geometry \(columns)x\(rows)+0+0 -e sh -c \(quote(inner))"
        case .kitty:
            "LIBGL_ALWAYS_SOFTWARE=1 /usr/bin/kitty --config NONE -o font_size=10 -o initial_window_width=960 "
                + "-o initial_window_height=640 -o remember_window_size=no sh -c \(quote(inner))"
        }
        let terminal = background("env \(exports) DISPLAY=\(display) \(launch)")
        let xterm = X11Terminal(display: display, pids: [terminal, server].compactMap { $0 }, windowFile: windowFile)
        do {
            // kitty starts Python and software OpenGL: slow on a busy machine.
            _ = try Tmux.poll("the terminal's window", seconds: 60, read: {
                (try? String(contentsOf: windowFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            }) { !$0.isEmpty }
        } catch {
            xterm.stop()
            throw error
        }
        xterm.window = (try? String(contentsOf: windowFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return xterm
    }

    /// Presses keys by X keysym name (`Return`, `question`, `Escape`, `q`), one after another.
    public func keys(_ names: String...) {
        for name in names { _ = run("DISPLAY=\(display) /usr/bin/xdotool key --window \(window) \(Self.quote(name))") }
    }

    /// The xterm window as it is on the screen now.
    public func screenshot() throws -> Screenshot {
        try Screenshot(xwd: run("/usr/bin/xwd -display \(display) -id \(window) -silent"))
    }

    /// Ends the terminal and the X server.
    public func stop() {
        for pid in pids { kill(pid, SIGTERM) }
        for pid in pids {
            var waited = 0
            while kill(pid, 0) == 0, waited < 100 { usleep(20_000); waited += 1 }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        try? FileManager.default.removeItem(at: windowFile)
    }

    /// Starts `command` in the background; its process id.
    private static func background(_ command: String) -> Int32? {
        let output = run("\(command) </dev/null >/dev/null 2>&1 & echo $!")
        return Int32(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    private func run(_ command: String) -> Data { Self.run(command) }

    /// Runs `command` through the shell and returns its standard output.
    private static func run(_ command: String) -> Data {
        guard let stream = popen(command, "r") else { return Data() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, stream)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        pclose(stream)
        return data
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A window's pixels from an X window dump (`xwd`, ZPixmap, 24 or 32 bits per pixel).
public struct Screenshot: Sendable {
    public let width: Int
    public let height: Int
    /// Red, green, blue per pixel, row by row.
    public let rgb: [UInt8]

    public init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        func card32(_ index: Int) -> Int {
            let o = index * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count >= 100 else { throw X11Terminal.Failure(description: "not an xwd dump (\(bytes.count) bytes)") }
        let headerSize = card32(0), format = card32(2), byteOrder = card32(7), bitsPerPixel = card32(11)
        let bytesPerLine = card32(12), redMask = card32(14), greenMask = card32(15), blueMask = card32(16), colors = card32(19)
        width = card32(4)
        height = card32(5)
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24 else {
            throw X11Terminal.Failure(description: "xwd format \(format), \(bitsPerPixel) bits per pixel")
        }
        let start = headerSize + colors * 12
        guard bytes.count >= start + bytesPerLine * height else { throw X11Terminal.Failure(description: "xwd dump cut short") }
        func shift(_ mask: Int) -> Int { mask == 0 ? 0 : mask.trailingZeroBitCount }
        let step = bitsPerPixel / 8
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * step
                var value = 0
                for b in 0..<step { value |= Int(bytes[o + b]) << (byteOrder == 0 ? 8 * b : 8 * (step - 1 - b)) }
                let p = (y * width + x) * 3
                rgb[p] = UInt8((value & redMask) >> shift(redMask))
                rgb[p + 1] = UInt8((value & greenMask) >> shift(greenMask))
                rgb[p + 2] = UInt8((value & blueMask) >> shift(blueMask))
            }
        }
        self.rgb = rgb
    }

    /// The colour at (`x`, `y`).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let p = (y * width + x) * 3
        return (rgb[p], rgb[p + 1], rgb[p + 2])
    }

    /// The distinct colours inside a rectangle of pixels.
    public func colors(x: Range<Int>, y: Range<Int>) -> Set<Int> {
        var set = Set<Int>()
        for row in y where row < height {
            for column in x where column < width {
                let (r, g, b) = pixel(column, row)
                set.insert(Int(r) << 16 | Int(g) << 8 | Int(b))
            }
        }
        return set
    }
}

extension X11Terminal {
    /// Takes screenshots every 100 ms until `condition` holds (returns that one) or `seconds` pass.
    public static func poll(_ expected: String, seconds: Double = 20, shot: () throws -> Screenshot,
                            until condition: (Screenshot) -> Bool) throws -> Screenshot {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try shot()
        while !condition(last) {
            guard Date() < deadline else { throw Failure(description: "the terminal never showed \(expected)") }
            usleep(100_000)
            last = try shot()
        }
        return last
    }
}
