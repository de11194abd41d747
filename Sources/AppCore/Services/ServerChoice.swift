import EventsAPI
import Foundation

/// Which events server a command talks to, and whether it is the embedded demo backend.
public struct ServerChoice: Sendable {
    /// The base URL.
    public let url: URL
    /// Where the choice came from, for messages: `--server`, `EVENTPLAYER_SERVER`, the config file, or the demo.
    public let origin: Origin
    /// The in-process demo backend when no server was configured.
    public let demo: EmbeddedDemo?

    public enum Origin: String, Sendable {
        case flag = "--server"
        case environment = "EVENTPLAYER_SERVER"
        case configFile = "config file"
        case embeddedDemo = "embedded demo backend"
    }

    /// `--server`, then `EVENTPLAYER_SERVER`, then the config file's `server` (checked when the
    /// file was read); with none, starts the demo backend (`demo`, serving `demoFlavor`'s API)
    /// in-process on a free loopback port.
    /// - Throws: ``ServerURLError`` for a URL that cannot be used.
    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               config: AppConfig, demo starter: any DemoStarting, demoFlavor: BackendKind = .events) async throws -> ServerChoice {
        if let flag { return ServerChoice(url: try ServerURLError.check(flag, origin: "--server"), origin: .flag, demo: nil) }
        if let value = environment["EVENTPLAYER_SERVER"], !value.isEmpty {
            return ServerChoice(url: try ServerURLError.check(value, origin: "EVENTPLAYER_SERVER"), origin: .environment, demo: nil)
        }
        if let url = config.server { return ServerChoice(url: url, origin: .configFile, demo: nil) }
        let demo = try await starter.start(flavor: demoFlavor)
        return ServerChoice(url: demo.baseURL, origin: .embeddedDemo, demo: demo)
    }

    /// True when `--server`, `EVENTPLAYER_SERVER` or the config file names a server, i.e. when
    /// ``resolve(flag:environment:config:demo:)`` would not start the embedded demo backend.
    public static func isConfigured(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                                    config: AppConfig) -> Bool {
        flag != nil || !(environment["EVENTPLAYER_SERVER"] ?? "").isEmpty || config.server != nil
    }

    /// True for the embedded demo backend.
    public var isDemo: Bool { demo != nil }

    /// Stops the embedded demo backend, if any.
    public func shutdown() async {
        await demo?.stop()
    }
}
