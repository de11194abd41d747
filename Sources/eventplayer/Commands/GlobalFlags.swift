import AppCore
import ArgumentParser

/// Flags every command that talks to a server takes.
struct GlobalFlags: ParsableArguments {
    @Option(help: "Events server base URL (default: EVENTPLAYER_SERVER, then the config file, then the embedded demo backend).")
    var server: String?

    @Option(name: .customLong("header"),
            help: ArgumentHelp("Extra request header, repeatable: \"Name: value\" for every request, or \"kind:Name: value\" for one request kind.", valueName: "header"))
    var headers: [String] = []

    @Option(help: "Log level for the log file: trace, debug, info, notice, warning, error.")
    var logLevel: String?

    @Option(help: "Config file (default: ~/.config/eventplayer/config.toml).")
    var config: String?

    var options: GlobalOptions {
        GlobalOptions(server: server, headers: headers, logLevel: logLevel, configFile: config)
    }
}

extension AppServices {
    /// Runs `body` with started services and always shuts them down.
    static func with<T>(_ flags: GlobalFlags, _ body: (AppServices) async throws -> T) async throws -> T {
        let services = try await AppServices.start(flags.options)
        do {
            let result = try await body(services)
            await services.shutdown()
            return result
        } catch {
            await services.shutdown()
            throw error
        }
    }
}
