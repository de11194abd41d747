import EventsAPI
import Foundation

/// Options every command shares (the eventplayer target maps its flags onto this).
public struct GlobalOptions: Sendable {
    /// `--server URL`.
    public var server: String?
    /// `--profile NAME`: a `[profiles.NAME]` table of the config file (default: `EVENTPLAYER_PROFILE`).
    public var profile: String?
    /// `--backend auto|events|frigate|zoneminder` (default: `backend` in the config file, else auto).
    public var backend: BackendChoice?
    /// `--demo events|frigate`: the embedded demo backend's flavour when it starts (no server configured).
    public var demo: BackendKind?
    /// `--header "Name: value"` or `--header "kind:Name: value"`, repeatable.
    public var headers: [String] = []
    /// `--log-level`.
    public var logLevel: LogLevel?
    /// `--config FILE` (default: the XDG location).
    public var configFile: String?
    /// `--ca-file PATH`: CA certificates (PEM) trusted besides the system's (default: `ca-file` in the config file).
    public var caFile: String?

    public init(server: String? = nil, profile: String? = nil, backend: BackendChoice? = nil, demo: BackendKind? = nil, headers: [String] = [],
                logLevel: LogLevel? = nil, configFile: String? = nil, caFile: String? = nil) {
        self.server = server
        self.profile = profile
        self.backend = backend
        self.demo = demo
        self.headers = headers
        self.logLevel = logLevel
        self.configFile = configFile
        self.caFile = caFile
    }
}
