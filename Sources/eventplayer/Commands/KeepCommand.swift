import AppCore
import ArgumentParser
import EventsAPI
import SystemSupport

/// `eventplayer keep ID… [--undo]`: keeps events past the server's retention, or lets them go
/// (``EventBackend/setKept(_:kept:)``: Frigate retains their tracked objects).
struct KeepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep",
        abstract: "Keep events past the server's retention (Frigate: retain), or let them go with --undo.",
        discussion: """
            The server decides who may: Frigate lets only its admin role retain, and its refusal is said as it \
            gave it (exit status 1). A server that cannot keep events says so. `eventplayer events --kept` lists \
            the kept ones.
            """
    )

    @OptionGroup var global: GlobalFlags

    @Argument(help: "The event ids (see `eventplayer events`).")
    var eventIDs: [String]

    @Flag(help: "Let the events go: no longer kept past retention.")
    var undo = false

    func validate() throws {
        if eventIDs.isEmpty || eventIDs.contains(where: \.isEmpty) { throw ValidationError("give the ids of the events to keep") }
    }

    func run() async throws {
        try await AppServices.with(global) { services in
            try await services.backend.setKept(eventIDs, kept: !undo)
            let how = services.backend.keepName.map { " (\($0)\(undo ? " undone" : ""))" } ?? ""
            for id in eventIDs {
                StandardStreams.line("\(TerminalText.printable(id)): \(undo ? "no longer kept" : "kept past retention")\(how)")
            }
        }
    }
}
