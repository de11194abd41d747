import Foundation
import PlaybackStates

/// How far an export is: pieces and bytes written (resumed ones included), the rate of this run
/// and the time left, with the two ways to show it: a bar for a terminal, a plain line otherwise.
///
/// ```swift
/// let progress = ExportProgress(piecesDone: 3, pieceCount: 6, bytes: 600_000, bytesThisRun: 400_000, elapsed: 2)
/// progress.line()          // "3/6 segments  600 KB  200 KB/s  ETA 0:03"
/// progress.bar(width: 60)  // "[=============>             ]  3/6  600 KB  200 KB/s  ETA 0:03"
/// ```
public struct ExportProgress: Sendable, Equatable {
    /// Pieces written (init segment included).
    public var piecesDone: Int
    public var pieceCount: Int
    /// Bytes in the `.part` now.
    public var bytes: Int
    /// Bytes downloaded by this run (not resumed ones): the rate's numerator.
    public var bytesThisRun: Int
    /// Seconds since this run started downloading.
    public var elapsed: Double

    public init(piecesDone: Int, pieceCount: Int, bytes: Int, bytesThisRun: Int, elapsed: Double) {
        self.piecesDone = piecesDone
        self.pieceCount = pieceCount
        self.bytes = bytes
        self.bytesThisRun = bytesThisRun
        self.elapsed = elapsed
    }

    /// Bytes per second in this run; nil before anything was measured.
    public var rate: Double? {
        guard elapsed > 0, bytesThisRun > 0 else { return nil }
        return Double(bytesThisRun) / elapsed
    }

    /// Seconds left, assuming the remaining pieces are as big as the ones so far; nil when unknown.
    public var eta: Double? {
        guard let rate, piecesDone > 0 else { return nil }
        let remaining = Double(bytes) / Double(piecesDone) * Double(pieceCount - piecesDone)
        return max(0, remaining / rate)
    }

    public var isComplete: Bool { piecesDone >= pieceCount }

    /// `3/6 segments  600 KB  200 KB/s  ETA 0:03`.
    public func line() -> String {
        "\(piecesDone)/\(pieceCount) segments  " + figures
    }

    /// A bar filling `width` columns (at least the figures), for `\r` redraws on a terminal.
    public func bar(width: Int) -> String {
        let text = "  \(piecesDone)/\(pieceCount)  " + figures
        let room = max(10, width - text.count - 2)
        let filled = pieceCount == 0 ? room : room * piecesDone / pieceCount
        let head = filled < room ? ">" : ""
        let body = String(repeating: "=", count: max(0, filled - head.count)) + head
        return "[" + body.padding(toLength: room, withPad: " ", startingAt: 0) + "]" + text
    }

    private var figures: String {
        let speed = rate.map { Self.bytes(Int($0)) + "/s" } ?? "– B/s"
        let left = isComplete ? "done" : "ETA " + (eta.map(DurationText.clock) ?? "–:––")
        return "\(Self.bytes(bytes))  \(speed)  \(left)"
    }

    /// `950 B`, `600 KB`, `1.4 MB`, `2.1 GB` (powers of 1000, as ls -h --si and curl do).
    public static func bytes(_ count: Int) -> String {
        let value = Double(count)
        switch value {
        case ..<1000: return "\(count) B"
        case ..<1_000_000: return "\(Int((value / 1000).rounded())) KB"
        case ..<1_000_000_000: return String(format: "%.1f MB", value / 1_000_000)
        default: return String(format: "%.1f GB", value / 1_000_000_000)
        }
    }
}
