import Foundation

/// What the terminal can draw besides text, asked once at start (after the first paint) in one
/// round of queries, and its replies read back out of the input before key handling sees them.
///
/// The queries, in order: the kitty graphics query (`ESC _ G i=31,s=1,v=1,a=q,t=d,f=24;AAAA ESC \`:
/// a terminal that speaks the protocol answers `ESC _ G i=31;OK ESC \`, others ignore it), the
/// same query with the pixel in a shared memory object (`i=32,…,t=s`: only a terminal on this
/// machine can read it and answers OK; over SSH it answers an error), 
/// XTVERSION (`CSI > 0 q`: the terminal's name and version, for the request log), the cell size in
/// pixels (`CSI 16 t`: `CSI 6 ; height ; width t`), the number of sixel colour registers
/// (XTSMGRAPHICS, `CSI ? 1 ; 1 ; 0 S`: `CSI ? 1 ; 0 ; registers S`; xterm as a VT340 has 16
/// unless configured), and primary device attributes (`CSI c`:
/// `CSI ? 64 ; 4 ; … c`, where 4 is sixel). Every terminal answers the last one and terminals
/// answer in order, so its reply ends the round; one that answers nothing gets cells once the
/// budget has passed.
///
/// ```swift
/// var probe = GraphicsProbe()
/// tty.write(GraphicsProbe.query(sharedMemory: probeImage?.name))
/// let keys = probe.feed(bytesReadFromTheTerminal)   // what the user typed meanwhile
/// if probe.isComplete { video.use(probe.result) }
/// ```
struct GraphicsProbe {
    /// The id of the kitty query's image (the reply names it).
    static let kittyQueryID = 31
    /// The id of the kitty query through shared memory.
    static let kittySharedMemoryQueryID = 32

    /// The bytes to write to the terminal; `sharedMemory` names an object holding one RGB pixel
    /// (``SharedMemoryImage``), nil to leave that query out.
    static func query(sharedMemory: String?) -> [UInt8] {
        var query = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
        if let sharedMemory {
            query += "\u{1B}_Gi=\(kittySharedMemoryQueryID),s=1,v=1,a=q,t=s,f=24;"
                + Data(sharedMemory.utf8).base64EncodedString() + "\u{1B}\\"
        }
        return Array((query + "\u{1B}[>0q\u{1B}[16t\u{1B}[?1;1;0S\u{1B}[c").utf8)
    }

    /// What the replies said so far.
    private(set) var result = TerminalGraphics()
    /// The device attributes arrived: every reply the round can bring is in.
    private(set) var isComplete = false
    /// Bytes of a reply not complete yet.
    private var partial: [UInt8] = []

    /// Takes bytes read from the terminal; returns the ones that are not replies to our queries (keys
    /// typed meanwhile), in order. An unfinished sequence is held until the next call (or
    /// ``finish()``).
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        partial += bytes
        var keys: [UInt8] = []
        var i = 0
        while i < partial.count {
            guard partial[i] == 0x1B else {
                keys.append(partial[i])
                i += 1
                continue
            }
            switch Self.reply(in: partial, at: i) {
            case .incomplete:
                partial.removeFirst(i)
                return keys
            case .notAReply:
                keys.append(partial[i])
                i += 1
            case .reply(let end, let reply):
                apply(reply)
                i = end
            }
        }
        partial.removeAll(keepingCapacity: true)
        return keys
    }

    /// The budget passed: whatever was held is input after all.
    mutating func finish() -> [UInt8] {
        defer { partial.removeAll() }
        isComplete = true
        return partial
    }

    private mutating func apply(_ reply: Reply) {
        switch reply {
        case .kitty(let ok): result.kitty = result.kitty || ok
        case .kittySharedMemory(let ok): result.kittySharedMemory = result.kittySharedMemory || ok
        case .deviceAttributes(let attributes):
            result.sixel = attributes.contains(4)
            isComplete = true
        case .cellSize(let width, let height):
            if width > 0, height > 0 { result.cellPixels = PixelSize(width: width, height: height) }
        case .version(let name): result.name = name
        case .colorRegisters(let count): if count > 0 { result.colorRegisters = count }
        }
    }

    enum Reply: Equatable {
        case kitty(ok: Bool)
        case kittySharedMemory(ok: Bool)
        case deviceAttributes([Int])
        case cellSize(width: Int, height: Int)
        case version(String)
        case colorRegisters(Int)
    }

    enum Scan: Equatable {
        case incomplete
        case notAReply
        case reply(end: Int, Reply)
    }

    /// The reply starting at `start` (an ESC) in `bytes`, if it is one of ours.
    static func reply(in bytes: [UInt8], at start: Int) -> Scan {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case 0x5F:   // APC: ESC _ G … ESC \
            guard start + 2 < bytes.count else { return .incomplete }
            guard bytes[start + 2] == 0x47 else { return .notAReply }
            guard let end = stringTerminator(in: bytes, from: start + 3) else { return tooLong(bytes, start) }
            let body = String(decoding: bytes[(start + 3)..<end], as: UTF8.self)
            let ok = body.hasSuffix(";OK")
            let id = body.split(separator: ";", maxSplits: 1).first?.split(separator: ",").first
            if id == "i=\(kittySharedMemoryQueryID)" { return .reply(end: end + 2, .kittySharedMemory(ok: ok)) }
            return .reply(end: end + 2, .kitty(ok: id == "i=\(kittyQueryID)" && ok))
        case 0x50:   // DCS: ESC P > | name ESC \  (XTVERSION)
            guard start + 3 < bytes.count else { return .incomplete }
            guard bytes[start + 2] == 0x3E, bytes[start + 3] == 0x7C else { return .notAReply }
            guard let end = stringTerminator(in: bytes, from: start + 4) else { return tooLong(bytes, start) }
            let name = String(decoding: bytes[(start + 4)..<end].prefix(64), as: UTF8.self)
            return .reply(end: end + 2, .version(name))
        case 0x5B:   // CSI
            var i = start + 2
            let privateMarker = i < bytes.count && bytes[i] == 0x3F
            if privateMarker { i += 1 }
            var numbers: [Int] = [], current: Int?
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case 0x30...0x39:
                    current = min((current ?? 0) * 10 + Int(byte - 0x30), 1_000_000)
                case 0x3B:
                    numbers.append(current ?? 0)
                    current = nil
                case 0x63 where privateMarker:   // `c`: device attributes
                    numbers.append(current ?? 0)
                    return .reply(end: i + 1, .deviceAttributes(numbers))
                case 0x53 where privateMarker:   // `S`: 1 ; status ; registers
                    numbers.append(current ?? 0)
                    guard numbers.count == 3, numbers[0] == 1, numbers[1] == 0 else { return .reply(end: i + 1, .colorRegisters(0)) }
                    return .reply(end: i + 1, .colorRegisters(numbers[2]))
                case 0x74 where !privateMarker:  // `t`: 6 ; height ; width
                    numbers.append(current ?? 0)
                    guard numbers.count == 3, numbers[0] == 6 else { return .notAReply }
                    return .reply(end: i + 1, .cellSize(width: numbers[2], height: numbers[1]))
                default:
                    return .notAReply   // a key (arrows, function keys) or something else
                }
                i += 1
                if i - start > 256 { return .notAReply }
            }
            return .incomplete
        default:
            return .notAReply
        }
    }

    /// The index of the ESC of `ESC \` at or after `from`.
    private static func stringTerminator(in bytes: [UInt8], from: Int) -> Int? {
        var i = from
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == 0x5C { return i }
            i += 1
        }
        return nil
    }

    /// An unterminated string reply waits for more, unless it is longer than any reply we asked for.
    private static func tooLong(_ bytes: [UInt8], _ start: Int) -> Scan {
        bytes.count - start > 4096 ? .notAReply : .incomplete
    }
}

/// A size in pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What the terminal said it can draw.
public struct TerminalGraphics: Hashable, Sendable {
    /// Answered the kitty graphics query with OK.
    public var kitty = false
    /// Read a kitty image from shared memory: it runs on this machine (``KittyTransport/sharedMemory``).
    public var kittySharedMemory = false
    /// Listed sixel (4) in its device attributes.
    public var sixel = false
    /// The size of a cell in pixels, when the terminal said.
    public var cellPixels: PixelSize?
    /// Its name and version (XTVERSION), when it said.
    public var name: String?
    /// Sixel colour registers (XTSMGRAPHICS), when it said.
    public var colorRegisters: Int?

    public init(kitty: Bool = false, kittySharedMemory: Bool = false, sixel: Bool = false, cellPixels: PixelSize? = nil,
                name: String? = nil, colorRegisters: Int? = nil) {
        self.kitty = kitty
        self.kittySharedMemory = kittySharedMemory
        self.sixel = sixel
        self.cellPixels = cellPixels
        self.name = name
        self.colorRegisters = colorRegisters
    }
}
