import AppCore
import TUIFrontEnd
import ArgumentParser

/// `eventplayer` with no subcommand: the interactive TUI.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Browse and play events in the terminal (the default command).",
        discussion: "Signs in through a form when there is no stored session; with no server configured it uses the embedded demo backend (a \"demo\" badge in the header). Keys: ? shows them all."
    )

    @OptionGroup var global: GlobalFlags

    @Option(help: "Where video goes: auto (a window when there is a display, else none), window, none (default: `video` in the config file, else auto).")
    var video: String?

    @Flag(help: "Play without sound.")
    var noAudio = false

    @Option(name: .customLong("mpv-option"), help: ArgumentHelp("An mpv option key=value, after ours and the config's [mpv] (repeatable).", valueName: "key=value"))
    var mpvOptions: [String] = []

    func validate() throws {
        try VideoFlag.validate(video)
    }

    func run() async throws {
        try await AppServices.with(global) { services in
            let options = PlaybackOptions(video: try VideoFlag.resolve(video, services: services), audio: !noAudio,
                                          mpvOptions: mpvOptions)
            try await InteractiveSession.run(options, services: services)
        }
    }
}
