import AppCore
import ArgumentParser
import CEarlyStart
import Foundation
import SystemSupport

/// eventplayer: browse and watch camera events in the terminal.
@main
struct EventPlayer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eventplayer",
        abstract: "Browse and watch camera events in the terminal.",
        discussion: EventPlayer.discussion,
        version: ProgramVersion.line,
        subcommands: [
            TUICommand.self, EventsCommand.self, PlayCommand.self, LoginCommand.self, LogoutCommand.self,
            ExportCommand.self, KeepCommand.self, PlaylistCommand.self, RewriteCommand.self, DemoServerCommand.self, VersionCommand.self,
        ],
        defaultSubcommand: TUICommand.self
    )

    /// The root command's discussion: what `eventplayer --help` ends with and the DESCRIPTION of
    /// the man page generated from these commands (`make install`): files, environment, exit status.
    static let discussion = """
        The server is the first of: --server, --profile, EVENTPLAYER_SERVER, EVENTPLAYER_PROFILE, \
        the config file's `server`, and the last server signed in to (`login`); with none of them \
        (or with --demo), commands use the embedded demo backend. Global options may come before \
        the command (`eventplayer --profile home events`). With no subcommand, eventplayer starts \
        the TUI (`tui`).

        FILES
          ~/.config/eventplayer/config.toml: settings; every key is optional and flags win. An \
        annotated example is installed as share/doc/eventplayer/config.example.toml.
          ~/.config/eventplayer/keymap.conf: key bindings, `bind <context> <key> <action>` (? in \
        the TUI lists the actions); the defaults are in share/doc/eventplayer/keymap.conf.
          ~/.local/state/eventplayer/session.json: the session of the last server signed in to, \
        the default one (mode 0600); sessions/: every other server's. `logout` forgets the \
        default's, `logout --server URL` another's, `logout --all` every one.
          ~/.local/state/eventplayer/reviewed.json: the events you reviewed; \
        reviewed-pending.json: marks a server that keeps them (Frigate) has not taken yet, sent \
        at the next start.
          ~/.local/state/eventplayer/eventplayer.log: the log (--log-level) and crash reports.
          ~/Pictures/eventplayer: snapshots taken in the TUI.
          <prefix>/share/eventplayer/demo: the demo backend's events and media, found next to the \
        binary (<bin>/../share/eventplayer).

        ENVIRONMENT
          EVENTPLAYER_SERVER: events server base URL when --server and --profile are not given \
        (before the config file's `server`).
          EVENTPLAYER_PROFILE: the config file's [profiles.NAME] to use when neither --server, \
        --profile nor EVENTPLAYER_SERVER is given.
          XDG_CONFIG_HOME, XDG_STATE_HOME: replace ~/.config and ~/.local/state above.
          XDG_PICTURES_DIR: replaces ~/Pictures (else user-dirs.dirs is read).
          XDG_RUNTIME_DIR: where playback keeps its private temporary directory (else TMPDIR, /tmp).
          NO_COLOR: when set and not empty, the TUI and its terminal video use no colours.
          EVENTPLAYER_RESOURCES: the directory holding demo/catalog.json, when the demo backend \
        cannot find it next to the binary.
          EVENTPLAYER_LIBMPV: the libmpv to load (a path or a name) instead of libmpv.so.2. \
        libmpv is loaded when the first playback or still needs it, so commands that play \
        nothing work without it.

        EXIT STATUS
          0: success (quitting the TUI included).
          1: a runtime error, told in one line on stderr (eventplayer: error: ...).
          2: a usage error: a bad flag or argument, config file or server URL.
          141: standard output is a pipe that closed (`eventplayer events | head -1`).
          128+N: ended by signal N: 130 Ctrl-C (SIGINT), 143 SIGTERM, 129 SIGHUP (the TUI, `play` \
        and `export` stop cleanly first; `export` keeps its .part for a resume), or a crash (134 \
        SIGABRT, 139 SIGSEGV; the backtrace goes to the log).
        """

    /// Exit codes: 0 ok, 1 runtime error, 2 usage error; errors are one line on stderr.
    static func main() async {
        // Swift's crash backtracer reads SWIFT_BACKTRACE only at process start: the executable's
        // pre-initialisation (Sources/CEarlyStart) has put our settings there (no prompt, to the
        // log, symbolicated fast) before the runtime read them, for every command, without an exec.
        eventplayer_early_start_finish()
        let arguments = Array(CommandLine.arguments.dropFirst())
        StandardStreams.prepare()
        // The version alone is a constant, and the root's help needs only the root command's
        // description: both are printed without parsing, whose checks build every command's
        // arguments by reflection, a third of a start-up (docs/benchmarks.md, Start-up).
        if arguments == ["--version"] || arguments == ["version"] {
            StandardStreams.line(ProgramVersion.line)
            return
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            StandardStreams.line(helpMessage())
            return
        }
        Signals.installFatalHandler(crashLog: XDGPaths().logFile.path, deadline: .milliseconds(Signals.defaultCrashDeadlineMilliseconds))
        do {
            var command = try parseAsRoot(globalOptionsAfterCommand(versionArguments(arguments)))
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(with: error)
        }
    }

    /// `eventplayer --version [--verbose]` is `eventplayer version [--verbose]`, as every tool has it.
    static func versionArguments(_ arguments: [String]) -> [String] {
        guard arguments.first == "--version" else { return arguments }
        return ["version"] + arguments.dropFirst()
    }

    /// The options every server command takes (``GlobalFlags``), each with a value.
    static let globalOptions: Set<String> = ["--server", "--profile", "--backend", "--demo", "--header", "--log-level", "--config", "--ca-file"]

    /// `eventplayer --demo frigate events` is `eventplayer events --demo frigate`, as git and
    /// docker take global options before the command: the TUI is the default command, so the
    /// parser would otherwise take the flags for it and `events` for a stray argument. Options
    /// before the first word that names a command move after it; anything else is left as it is.
    static func globalOptionsAfterCommand(_ arguments: [String]) -> [String] {
        let commands = Set(configuration.subcommands.map { $0._commandName } + ["help"])
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if globalOptions.contains(name) {
                index += argument.contains("=") ? 1 : 2
            } else if commands.contains(argument), index > 0 {
                return [argument] + arguments[..<index] + arguments[(index + 1)...]
            } else {
                return arguments
            }
        }
        return arguments
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
