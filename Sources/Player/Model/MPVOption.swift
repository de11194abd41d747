import Foundation

/// One mpv option as `name=value`, as in mpv.conf or `--name=value` without the dashes.
///
/// Used for the options a user adds (config file `[mpv]` table, `--mpv-option key=value`);
/// they are set after eventplayer's own, so they win.
///
/// ```swift
/// let speed = MPVOption(name: "speed", value: "2")
/// let parsed = try MPVOption(parsing: "demuxer-max-bytes=50MiB")
/// ```
public struct MPVOption: Sendable, Equatable, CustomStringConvertible {
    /// The option name without leading dashes, e.g. `speed`.
    public var name: String
    /// The value as mpv parses it from a string, e.g. `2` or `yes`.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses `name=value` (leading `--` allowed); a bare `name` means `name=yes`,
    /// `no-name` stays as given (mpv understands it).
    public init(parsing text: String) throws {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        while body.hasPrefix("-") { body = body.dropFirst() }
        guard !body.isEmpty, body.first != "=" else {
            throw PlayerError.invalidOption(text, reason: "expected name=value, e.g. speed=2")
        }
        if let equals = body.firstIndex(of: "=") {
            self.init(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
        } else {
            self.init(name: String(body), value: "yes")
        }
    }

    public var description: String { "\(name)=\(value)" }
}
