import Foundation

/// The default name of an exported file: camera and local start time, e.g.
/// `Front-Door_2026-11-20_14-02-05.ts`. Characters that are awkward in file names become `-`.
///
/// ```swift
/// ExportNaming.defaultName(camera: "Front Door", start: event.startTime, format: .ts)
/// // "Front-Door_2026-11-20_14-02-05.ts"
/// ```
public enum ExportNaming {
    public static func defaultName(camera: String, start: Date, format: ExportFormat,
                                   timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: start)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        let stamp = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))_\(two(c.hour))-\(two(c.minute))-\(two(c.second))"
        return "\(safe(camera))_\(stamp).\(format.fileExtension)"
    }

    /// Letters, digits, `.`, `_` and `-` are kept; runs of anything else become one `-`; never
    /// empty, never starting with `.` or `-`.
    static func safe(_ text: String) -> String {
        var out = ""
        for character in text {
            let keep = character.isLetter || character.isNumber || character == "_" || character == "."
            if keep { out.append(character) } else if out.last != "-" { out.append("-") }
        }
        while let first = out.first, first == "-" || first == "." { out.removeFirst() }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "event" : out
    }
}
