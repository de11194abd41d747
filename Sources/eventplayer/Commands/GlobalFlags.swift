import AppCore
import ArgumentParser
import CLIFrontEnd
import EventsAPI
import Foundation
import SystemSupport

/// Flags every command that talks to a server takes.
struct GlobalFlags: ParsableArguments {
    @Option(help: "Server base URL: an events service, a Frigate NVR or a ZoneMinder (default: --profile, EVENTPLAYER_SERVER, EVENTPLAYER_PROFILE, the config file's `server`, the last server signed in to, then the embedded demo backend).")
    var server: String?

    @Option(help: ArgumentHelp("A server named in the config file's [profiles.NAME] (its server, backend and ca-file; default: EVENTPLAYER_PROFILE).",
                               valueName: "name"))
    var profile: String?

    @Option(help: "The server's API: auto (detected at `login`, kept with the session), \(Self.oneOf(BackendKind.allCases)) (default: `backend` in the config file, else auto).")
    var backend: BackendChoice?

    @Option(help: "Use the embedded demo backend with this flavour (\(Self.oneOf(DemoBackendStarter.flavors))) rather than EVENTPLAYER_SERVER, the config file's server or the last server signed in to (--server and --profile win).")
    var demo: BackendKind?

    @Option(name: .customLong("header"),
            help: ArgumentHelp("Extra request header, repeatable: \"Name: value\" for every request, or \"kind:Name: value\" for one request kind.", valueName: "header"))
    var headers: [String] = []

    @Option(help: "Log file verbosity (default: `log-level` in the config file, else info).")
    var logLevel: LogLevel?

    @Option(help: "Config file (default: ~/.config/eventplayer/config.toml).")
    var config: String?

    @Option(help: ArgumentHelp("PEM file of a private CA's certificates, trusted besides the system's for every https request (default: `ca-file` in the config file).",
                               valueName: "path"))
    var caFile: String?

    /// The kinds' names for the help: "events, frigate or zoneminder".
    static func oneOf(_ kinds: [BackendKind]) -> String {
        let words = kinds.map(\.rawValue)
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// `--server`, `--header` and `--ca-file` are checked before anything starts (usage errors,
    /// exit 2); `--log-level` is parsed as a ``LogLevel`` (``ChoiceArguments``).
    func validate() throws {
        do {
            if let server { _ = try ServerURLError.check(server, origin: "--server") }
            try NetworkSetup.check(headerFlags: headers)
        } catch {
            throw ValidationError("\(error)")
        }
        do { try NetworkSetup.check(caFile: caFile) } catch { throw ValidationError("--ca-file \(error)") }
    }

    var options: GlobalOptions {
        GlobalOptions(server: server, profile: profile, backend: backend, demo: demo, headers: headers, logLevel: logLevel, configFile: config,
                      caFile: caFile)
    }
}

extension AppServices {
    /// Runs `body` with started services and always shuts them down. A bad config file or server
    /// URL (`EVENTPLAYER_SERVER`, `server` in the file) is a usage error: one line, exit status 2.
    static func with<T>(_ flags: GlobalFlags, _ body: (AppServices) async throws -> T) async throws -> T {
        try await with(flags.options, body)
    }

    /// ``with(_:_:)-(GlobalFlags,_)`` for options already made (the TUI switching server).
    static func with<T>(_ options: GlobalOptions, _ body: (AppServices) async throws -> T) async throws -> T {
        let services: AppServices
        do {
            services = try await AppServices.start(options, demo: DemoBackendStarter())
        } catch let error as ConfigError {
            throw usageFailure(error)
        } catch let error as ServerURLError {
            throw usageFailure(error)
        }
        do {
            let result = try await body(services)
            await services.shutdown()
            return result
        } catch let error as EventsAPIError where error.needsSignIn {
            await services.shutdown()
            throw SignInHint(error: error, server: services.server)
        } catch {
            await services.shutdown()
            throw error
        }
    }
}

/// The session is missing or expired: the events API says so without naming a command (the TUI
/// shows its form instead); on the command line the hint is `eventplayer login`.
struct SignInHint: Error, CustomStringConvertible {
    let error: EventsAPIError
    let server: ServerChoice

    var description: String {
        let login = switch server.origin {
        case .flag: "eventplayer login --server \(server.url.absoluteString)"
        case .profileFlag: "eventplayer login --profile \(server.profile?.name ?? "")"
        default: "eventplayer login"
        }
        return error.code == .sessionExpired ? "the session has expired: sign in again with `\(login)`"
            : "not signed in: run `\(login)`"
    }
}

/// Reports a usage error found after parsing (config file, environment) as one line on stderr;
/// the caller throws the result, exit status 2 like a bad flag.
func usageFailure(_ error: any Error) -> ExitCode {
    StandardStreams.errorLine(EventPlayer.errorLine(error))
    return ExitCode(2)
}
