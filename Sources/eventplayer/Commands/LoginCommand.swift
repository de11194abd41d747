import App
import ArgumentParser

struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in and keep the session (0600 file in ~/.local/state/eventplayer)."
    )

    @OptionGroup var global: GlobalFlags

    @Option(help: "Email address (prompted for when missing).")
    var email: String?

    @Flag(help: "Read the password from the first line of standard input instead of prompting.")
    var passwordStdin = false

    func run() async throws {
        try await AppServices.with(global) { services in
            do {
                print(try await LoginFlow.run(services: services, email: email, password: passwordStdin ? .standardInput : .prompt))
            } catch let error as LoginError {
                throw usageFailure(error)
            }
        }
    }
}

struct LogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the stored session."
    )

    @Option(help: "Config file (default: ~/.config/eventplayer/config.toml).")
    var config: String?

    func run() async throws {
        print(try LogoutFlow.run())
    }
}
