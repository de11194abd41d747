import AppCore
import CLIFrontEnd
import ArgumentParser
import EventsAPI
import Foundation

struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the signed-in user's events, newest first."
    )

    @OptionGroup var global: GlobalFlags

    @Flag(help: "Print JSON (the API's event objects) instead of a table.")
    var json = false

    @Option(help: "Events per page (1-500).")
    var limit = 50

    @Flag(help: "Follow every page, not just the first.")
    var all = false

    @Option(help: "Only this camera (exact name).")
    var camera: String?

    func validate() throws {
        guard (1...500).contains(limit) else { throw ValidationError("--limit must be between 1 and 500") }
    }

    func run() async throws {
        try await AppServices.with(global) { services in
            let request = EventsListing.Request(limit: limit, all: all, filter: EventFilter(camera: camera), json: json)
            try await EventsListing.run(request, client: services.client) { print($0) }
        }
    }
}
