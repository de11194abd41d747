import Foundation

/// Options every command shares (the eventplayer target maps its flags onto this).
public struct GlobalOptions: Sendable {
    /// `--server URL`.
    public var server: String?
    /// `--header "Name: value"` or `--header "kind:Name: value"`, repeatable.
    public var headers: [String] = []
    /// `--log-level`.
    public var logLevel: LogLevel?
    /// `--config FILE` (default: the XDG location).
    public var configFile: String?

    public init(server: String? = nil, headers: [String] = [], logLevel: LogLevel? = nil, configFile: String? = nil) {
        self.server = server
        self.headers = headers
        self.logLevel = logLevel
        self.configFile = configFile
    }
}
