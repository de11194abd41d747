import EventsAPI
import Foundation

/// Which events server a command talks to, and whether it is the embedded demo backend.
public struct ServerChoice: Sendable {
    /// The base URL, canonical (``ServerURL``).
    public let url: URL
    /// Where the choice came from, for messages.
    public let origin: Origin
    /// The profile that named the server (`--profile`, `EVENTPLAYER_PROFILE`), if one did.
    public let profile: ServerProfile?
    /// The in-process demo backend when no server was configured.
    public let demo: EmbeddedDemo?

    public enum Origin: String, Sendable {
        case flag = "--server"
        case profileFlag = "--profile"
        case environment = "EVENTPLAYER_SERVER"
        case profileEnvironment = "EVENTPLAYER_PROFILE"
        case configFile = "config file"
        case storedSession = "the last server signed in to"
        case embeddedDemo = "embedded demo backend"
    }

    /// Where the server comes from, before anything starts: the first of `--server`, `--profile`,
    /// `--demo` (the demo: nil), `EVENTPLAYER_SERVER`, `EVENTPLAYER_PROFILE`, the config file's
    /// `server`, and the server of the last sign-in (`stored`, read only when nothing before it
    /// names a server); nil for the demo.
    public struct Plan: Sendable {
        public var url: URL
        public var origin: Origin
        public var profile: ServerProfile?
    }

    /// The server the options name, or nil for the embedded demo backend (see ``Plan``).
    /// - Throws: ``ServerURLError`` for a URL that cannot be used, ``ConfigError`` for a profile
    ///   the config file does not have.
    public static func plan(flag: String?, profileFlag: String?, demoRequested: Bool,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            config: AppConfig, stored: @autoclosure () -> URL?) throws -> Plan? {
        if let flag { return Plan(url: try ServerURLError.check(flag, origin: "--server"), origin: .flag) }
        if let profileFlag {
            let profile = try config.profile(named: profileFlag, origin: "--profile")
            return Plan(url: profile.server, origin: .profileFlag, profile: profile)
        }
        if demoRequested { return nil }
        if let value = environment["EVENTPLAYER_SERVER"], !value.isEmpty {
            return Plan(url: try ServerURLError.check(value, origin: "EVENTPLAYER_SERVER"), origin: .environment)
        }
        if let name = environment["EVENTPLAYER_PROFILE"], !name.isEmpty {
            let profile = try config.profile(named: name, origin: "EVENTPLAYER_PROFILE")
            return Plan(url: profile.server, origin: .profileEnvironment, profile: profile)
        }
        if let url = config.server { return Plan(url: url, origin: .configFile) }
        if let stored = stored() { return Plan(url: ServerURL.canonical(stored), origin: .storedSession) }
        return nil
    }

    /// The planned server, or the demo backend (`demo`, serving `demoFlavor`'s API) started
    /// in-process on a free loopback port when the plan is nil.
    public static func resolve(_ plan: Plan?, demo starter: any DemoStarting, demoFlavor: BackendKind = .events) async throws -> ServerChoice {
        if let plan { return ServerChoice(url: plan.url, origin: plan.origin, profile: plan.profile, demo: nil) }
        let demo = try await starter.start(flavor: demoFlavor)
        return ServerChoice(url: demo.baseURL, origin: .embeddedDemo, profile: nil, demo: demo)
    }

    /// True for the embedded demo backend.
    public var isDemo: Bool { demo != nil }

    /// Where the server came from, as a message says it: `--server`, `--profile home`, …
    public var originText: String {
        switch origin {
        case .profileFlag, .profileEnvironment: "\(origin.rawValue) \(profile?.name ?? "")"
        default: origin.rawValue
        }
    }

    /// Stops the embedded demo backend, if any.
    public func shutdown() async {
        await demo?.stop()
    }
}
