import AppCore
import CLIFrontEnd
import ArgumentParser
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
        guard ServerChoice.isConfigured(flag: global.server, config: config) else { throw usageFailure(LoginError.noServer) }
        try await AppServices.with(global) { services in
            do {
                StandardStreams.line(try await LoginFlow.run(services: services, choice: global.backend ?? services.config.backend ?? .auto, email: email, password: passwordStdin ? .standardInput : .prompt,
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
        abstract: "Forget the stored session (with --config: only the session for that file's server)."
    )

    @Option(help: "Config file whose `server` to sign out of; a session for another server is kept.")
    var config: String?

    func run() async throws {
        var server: URL?
        if let config {
            do { server = try AppConfig.load(from: URL(filePath: config), mustExist: true).server } catch {
                throw usageFailure(error)
            }
        }
        StandardStreams.line(try LogoutFlow.run(server: server))
    }
}
