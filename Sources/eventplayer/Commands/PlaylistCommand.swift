import AppCore
import CLIFrontEnd
import ArgumentParser
import SystemSupport

struct PlaylistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlist",
        abstract: "Show what would be handed to the player for an event (token redacted unless --show-token)."
    )

    @OptionGroup var global: GlobalFlags

    @Argument(help: "The event id (see `eventplayer events`).")
    var eventID: String

    @Flag(help: "Print the media token instead of <redacted>.")
    var showToken = false

    func run() async throws {
        try await AppServices.with(global) { services in
            for line in try await PlaylistInspection.run(eventID: eventID, showToken: showToken, services: services) {
                StandardStreams.line(line)
            }
        }
    }
}
