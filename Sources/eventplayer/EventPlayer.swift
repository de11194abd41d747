import AppCore
import ArgumentParser
import Foundation
import SystemSupport

/// eventplayer: browse and watch camera events in the terminal.
@main
struct EventPlayer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eventplayer",
        abstract: "Browse and watch camera events in the terminal.",
        discussion: "With no server configured (--server, EVENTPLAYER_SERVER or the config file), commands use the embedded demo backend.",
        subcommands: [
            TUICommand.self, EventsCommand.self, PlayCommand.self, LoginCommand.self, LogoutCommand.self,
            ExportCommand.self, PlaylistCommand.self, RewriteCommand.self, DemoServerCommand.self,
        ],
        defaultSubcommand: TUICommand.self
    )

    /// Exit codes: 0 ok, 1 runtime error, 2 usage error; errors are one line on stderr.
    static func main() async {
        // Swift's backtracer reads SWIFT_BACKTRACE only at process start: re-exec with ours first.
        Backtracer.configureOrReexec()
        Signals.installFatalHandler(crashLog: XDGPaths().logFile.path)
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(with: error)
        }
    }

    static func exit(with error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .success {
            print(fullMessage(for: error))
            Foundation.exit(0)
        }
        if code == .validationFailure {
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
        if error is ExitCode { Foundation.exit(code.rawValue) }
        FileHandle.standardError.write(Data("eventplayer: error: \(error)\n".utf8))
        Foundation.exit(1)
    }
}
