import AppCore
import TUIFrontEnd
import ArgumentParser
import PlaybackStates
import Player

/// `eventplayer` with no subcommand: the interactive TUI.
struct TUICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tui",
        abstract: "Browse and play events in the terminal (the default command).",
        discussion: "Opens the server a flag, the environment or the config file names, else the last server signed in to; signs in through a form when there is no stored session; with none of these it uses the embedded demo backend (a \"demo\" badge in the header). N switches server without quitting. Keys: ? shows them all. Exit status: 0 on q, 128 + a signal that ended it (129 SIGHUP, 143 SIGTERM, 130 SIGINT)."
    )

    @OptionGroup var global: GlobalFlags

    @OptionGroup var playback: PlaybackFlags

    @Option(help: "Terminal video cells: half (default), quadrant or sextant (more detail; sextants need a font with Unicode 13 block sextants). Default: `video-glyphs` in the config file, else half.")
    var videoGlyphs: VideoGlyphs?

    @Option(help: "How terminal video is drawn: auto (ask the terminal at start: kitty images when it draws them, sixel when it draws sixel, else cells), kitty (the kitty graphics protocol: kitty, Ghostty, WezTerm; through shared memory when the terminal is on this machine), sixel (xterm -ti vt340, foot, WezTerm, mlterm, Konsole) or cells (--video-glyphs). Default: `video-protocol` in the config file, else auto.")
    var videoProtocol: VideoProtocolChoice?

    /// Runs the TUI; `N`'s picker ends a session on one server and this starts the next on
    /// the server chosen, with the same flags but the server's.
    func run() async throws {
        var options = global.options
        while true {
            let ending = try await AppServices.with(options) { services in
                var playing = playback.options(config: services.config)
                playing.glyphs = services.config.videoGlyphs(flag: videoGlyphs)
                playing.graphics = services.config.videoProtocol(flag: videoProtocol)
                return try await InteractiveSession.run(playing, services: services)
            }
            switch ending {
            case .exit(let status):
                if status != 0 { throw ExitCode(status) }
                return
            case .switchServer(let target):
                options = options.switching(to: target)
            }
        }
    }
}
