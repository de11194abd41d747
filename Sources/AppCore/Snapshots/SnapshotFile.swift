import Foundation

/// Where `S` saves a frame and under which name: the camera and the frame's wall-clock time
/// (the event's start plus the position), in local time with milliseconds, never replacing a
/// file (a `-2`, `-3`… suffix).
///
/// ```swift
/// let file = SnapshotFile(camera: "Front Door", time: start.addingTimeInterval(7.34))
/// file.name()                                   // "Front-Door_2026-11-20_14-02-07.340.png"
/// let url = try file.reserve(in: SnapshotFile.directory())   // …/Pictures/eventplayer/Front-Door_….png (empty, ours)
/// ```
public struct SnapshotFile: Sendable, Equatable {
    /// The camera's name as the event has it.
    public var camera: String
    /// When the frame was recorded.
    public var time: Date

    public init(camera: String, time: Date) {
        self.camera = camera
        self.time = time
    }

    /// `<camera>_<yyyy-MM-dd_HH-mm-ss.SSS>[-<n>].png`, the camera's name made safe for a file name.
    public func name(timeZone: TimeZone = .current, number: Int = 1) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Milliseconds from the rounded instant, so 7.3399999 s is .340 and never 60 s.
        let instant = Date(timeIntervalSinceReferenceDate: (time.timeIntervalSinceReferenceDate * 1000).rounded() / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let whole = calendar.date(from: c) ?? instant
        let millis = min(999, max(0, Int((instant.timeIntervalSince(whole) * 1000).rounded())))
        func pad(_ n: Int?, _ width: Int) -> String {
            let text = String(n ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let stamp = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))_\(pad(c.hour, 2))-\(pad(c.minute, 2))-\(pad(c.second, 2)).\(pad(millis, 3))"
        return "\(Self.safe(camera))_\(stamp)\(number > 1 ? "-\(number)" : "").png"
    }

    /// A camera name as a file-name part: runs of spaces, slashes and other characters that
    /// shells or file systems mind become one `-`; empty becomes "camera".
    ///
    /// ```swift
    /// SnapshotFile.safe("Front Door")       // "Front-Door"
    /// SnapshotFile.safe("Garage / East:2")  // "Garage-East-2"
    /// ```
    public static func safe(_ camera: String) -> String {
        var out = ""
        for scalar in camera.unicodeScalars {
            let keep = CharacterSet.alphanumerics.contains(scalar) || "._".unicodeScalars.contains(scalar)
            if keep { out.unicodeScalars.append(scalar) } else if !out.isEmpty, out.last != "-" { out += "-" }
        }
        while out.last == "-" || out.last == "." { out.removeLast() }
        while out.first == "-" || out.first == "." { out.removeFirst() }
        return out.isEmpty ? "camera" : out
    }
}
