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
