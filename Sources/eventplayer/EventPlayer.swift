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
        StandardStreams.prepare()
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
            StandardStreams.line(fullMessage(for: error))
            Foundation.exit(0)
        }
        if code == .validationFailure {
            StandardStreams.errorLine(fullMessage(for: error))
            Foundation.exit(2)
        }
        if error is ExitCode { Foundation.exit(code.rawValue) }
        StandardStreams.errorLine(errorLine(error))
        Foundation.exit(1)
    }

    /// A runtime error as the one line on stderr: redacted, control characters escaped.
    static func errorLine(_ error: any Error) -> String {
        "eventplayer: error: " + UserFacing.shown(String(describing: error))
    }
}
