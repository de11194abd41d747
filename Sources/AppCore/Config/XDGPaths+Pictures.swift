import Foundation

extension XDGPaths {
    /// The user's pictures folder: `$XDG_PICTURES_DIR`, else `XDG_PICTURES_DIR` from
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (what `xdg-user-dir PICTURES` reads), else `~/Pictures`.
    ///
    /// ```swift
    /// XDGPaths(environment: ["HOME": "/home/me"]).pictures(environment: ["HOME": "/home/me"])   // /home/me/Pictures
    /// ```
    public func pictures(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let value = environment["XDG_PICTURES_DIR"], value.hasPrefix("/") { return URL(filePath: value) }
        let file = config.deletingLastPathComponent().appending(path: "user-dirs.dirs")
        if let text = try? String(contentsOf: file, encoding: .utf8), let path = Self.picturesEntry(text, home: home.path) {
            return URL(filePath: path)
        }
        return home.appending(path: "Pictures")
    }

    /// `XDG_PICTURES_DIR="$HOME/Pictures"` from user-dirs.dirs text, `$HOME` expanded; nil when
    /// absent or not absolute.
    static func picturesEntry(_ text: String, home: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XDG_PICTURES_DIR=") else { continue }
            var value = String(trimmed.dropFirst("XDG_PICTURES_DIR=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            if value.hasPrefix("$HOME") { value = home + value.dropFirst("$HOME".count) }
            return value.hasPrefix("/") && value != "/" ? value : nil
        }
        return nil
    }
}
