import AppCore
import CLIFrontEnd
import ArgumentParser
import EventsAPI
import SystemSupport
import Foundation

struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and keep the session (0600 file in ~/.local/state/eventplayer)."
    )

    @OptionGroup var global: GlobalFlags

    @Option(name: [.customLong("email"), .customLong("user")],
            help: "Email address, or the user name on an NVR (prompted for when missing).")
    var email: String?

    @Flag(help: "Read the password from the first line of standard input instead of prompting.")
    var passwordStdin = false

    @Option(help: ArgumentHelp("Trust the https server's certificate without asking when its SHA-256 fingerprint is this one (SHA256:<base64> as ssh prints it, or the hex of `openssl x509 -noout -fingerprint -sha256`), and pin it.",
                               valueName: "fingerprint"))
    var trustFingerprint: String?

    func validate() throws {
        if let trustFingerprint {
            do { try TrustOnFirstUse.checkFingerprint(trustFingerprint) } catch { throw ValidationError("--trust-fingerprint: \(error)") }
        }
    }

    func run() async throws {
        // Say so before the embedded demo backend would start for nothing.
        let config: AppConfig
        do { config = try AppConfig.load(from: global.config.map { URL(filePath: $0) } ?? AppConfig.defaultURL(), mustExist: global.config != nil) } catch {
            throw usageFailure(error)
        }
        let stored = SessionStore(directory: XDGPaths().state).load()?.server
        do {
            guard try ServerChoice.plan(flag: global.server, profileFlag: global.profile, demoRequested: global.demo != nil,
                                        config: config, stored: stored) != nil else { throw usageFailure(LoginError.noServer) }
        } catch let error as ConfigError {
            throw usageFailure(error)
        } catch let error as ServerURLError {
            throw usageFailure(error)
        }
        try await AppServices.with(global) { services in
            do {
                StandardStreams.line(try await LoginFlow.run(services: services, choice: services.backendChoice, email: email, password: passwordStdin ? .standardInput : .prompt,
                                                              trustFingerprint: trustFingerprint))
            } catch let error as LoginError {
                throw usageFailure(error)
            }
        }
    }
}

struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the stored session of the default server (the last one signed in to), of another, or of every one.",
        discussion: "Other servers' sessions are kept; the line names them. Certificate pins are kept, as ssh keeps known_hosts."
    )

    @Option(help: "Sign out of this server rather than the default one.")
    var server: String?

    @Option(help: ArgumentHelp("Sign out of the server of the config file's [profiles.NAME].", valueName: "name"))
    var profile: String?

    @Option(help: "Config file whose `server` to sign out of (and where --profile is looked up).")
    var config: String?

    @Flag(help: "Forget every stored session.")
    var all = false

    func validate() throws {
        if all && (server != nil || profile != nil) { throw ValidationError("--all signs out of every server: give it alone") }
        if server != nil && profile != nil { throw ValidationError("give --server or --profile, not both") }
        if let server { do { _ = try ServerURLError.check(server, origin: "--server") } catch { throw ValidationError("\(error)") } }
    }

    func run() async throws {
        var target: LogoutFlow.Target = all ? .all : .defaultServer
        if let server { target = .server(try ServerURLError.check(server, origin: "--server")) }
        if profile != nil || (config != nil && !all && server == nil) {
            do {
                let file = try AppConfig.load(from: config.map { URL(filePath: $0) } ?? AppConfig.defaultURL(), mustExist: config != nil)
                if let profile { target = .server(try file.profile(named: profile, origin: "--profile").server) }
                else if let url = file.server { target = .server(url) }
            } catch {
                throw usageFailure(error)
            }
        }
        StandardStreams.line(try LogoutFlow.run(target))
    }
}
