import Foundation

/// Where eventplayer keeps its files (XDG base directories, docs/configuration.md).
public struct XDGPaths: Sendable {
    /// `$XDG_CONFIG_HOME/eventplayer` or `~/.config/eventplayer`: config.toml, keymap.conf.
    public let config: URL
    /// `$XDG_STATE_HOME/eventplayer` or `~/.local/state/eventplayer`: session.json, eventplayer.log.
    public let state: URL
    /// `$HOME` (else the account's home directory).
    public let home: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].map { URL(filePath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        self.home = home
        func base(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") { return URL(filePath: value) }
            return home.appending(path: fallback)
        }
        config = base("XDG_CONFIG_HOME", ".config").appending(path: "eventplayer")
        state = base("XDG_STATE_HOME", ".local/state").appending(path: "eventplayer")
    }

    /// The log file.
    public var logFile: URL { state.appending(path: "eventplayer.log") }
}

// MARK: - Pictures folder

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
