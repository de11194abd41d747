import Foundation

/// Frigate's version as `GET /api/version` says it (`0.16.2-abc1234`): what the API of each
/// release can do.
public struct FrigateVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int
    /// As the server wrote it (trimmed, at most 40 characters).
    public var text: String

    /// Nil when `text` does not start with `major.minor`.
    public init?(_ text: String) {
        let trimmed = String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(40))
        let numbers = trimmed.split(whereSeparator: { !$0.isNumber && $0 != "." }).first ?? ""
        let parts = numbers.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2, trimmed.first?.isNumber == true else { return nil }
        major = parts[0]
        minor = parts[1]
        patch = parts.count > 2 ? parts[2] : 0
        self.text = trimmed
    }

    /// `POST /api/reviews/viewed` takes `"reviewed": false` (un-marks) from 0.17 on; before, only
    /// `DELETE /api/review/<id>/viewed` un-marks.
    public var unmarksByBody: Bool { (major, minor) >= (0, 17) }

    public var description: String { text }

    public static func < (a: FrigateVersion, b: FrigateVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}
