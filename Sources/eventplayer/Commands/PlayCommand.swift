import AppCore
import PlayFrontEnd
import ArgumentParser
import Player
import SystemSupport

struct PlayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play one event without the TUI, printing a line per state change.",
        discussion: "Exit status: 0 when the event played to its end (or --frames was reached), 1 on an error, 128 + the signal that stopped it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP)."
    )

    @OptionGroup var global: GlobalFlags

    @Argument(help: "The event id (see `eventplayer events`).")
    var eventID: String

    @OptionGroup var playback: PlaybackFlags

    @Option(help: "Start at this many seconds.")
    var start: Double = 0

    @Option(help: "Stop after this many video frames (like mpv's --frames).")
    var frames: Int?

    @Option(help: "Playback speed, 0.25 to 16 (mpv's --speed; audio keeps its pitch). Default: `speed` in the config file, else 1.")
    var speed: Double?

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    func validate() throws {
        guard start >= 0, start.isFinite else { throw ValidationError("--start must be 0 or more seconds") }
        if let frames, frames < 1 { throw ValidationError("--frames must be at least 1") }
        if let speed, !PlaybackSpeed.range.contains(speed) { throw ValidationError("--speed must be from 0.25 to 16, not \(speed)") }
    }

    func run() async throws {
        let code = try await AppServices.with(global) { services in
            let options = HeadlessPlayOptions(eventID: eventID, playback: playback.options(config: services.config, frames: frames, speed: speed),
                                              start: start, json: json)
            return try await HeadlessPlayback.run(options, services: services, output: StandardStreams.line)
        }
        if code != 0 { throw ExitCode(code) }
    }
}
