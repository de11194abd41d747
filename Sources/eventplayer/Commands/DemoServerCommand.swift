import Foundation
import AppCore
import CLIFrontEnd
import ArgumentParser
import SystemSupport
import DemoBackend

struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-server",
        abstract: "Run the demo backend (events API or Frigate) standalone (Ctrl-C stops it)."
    )

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "How many generated events besides the fixed demo events.")
    var events = 3000

    @Option(help: "Over how many days before now the generated events are spread (default 60; e.g. 1 puts 100000 events in one day for benchmarks). With --flavor frigate: days of review items and recordings (default 3).")
    var days: Double?

    @Option(help: "Which service to imitate: events (the events API) or frigate (a Frigate NVR: /api/login, /api/review, /vod/…; see docs/demo.md).")
    var flavor: DemoFlavor = .events

    @Flag(help: "With --flavor frigate: no sign-in, every request is admin (like Frigate's port 5000).")
    var noAuth = false

    @Flag(help: "With --flavor frigate: semantic_search.enabled in its config, and GET /api/events/search answering (a text match on the tracked objects' descriptions; see docs/demo.md).")
    var semanticSearch = false

    @Option(name: .customLong("offline-camera"),
            help: ArgumentHelp("With --flavor frigate: GET /api/stats reports this camera capturing nothing (0 frames a second), as a camera Frigate cannot reach (repeat it for more; one of \(FrigateDemoOptions.cameraNames.joined(separator: ", "))).",
                               valueName: "name"))
    var offlineCameras: [String] = []

    @Option(help: ArgumentHelp("A new event every this many seconds while it runs (both flavours), for clients that follow it; each is in progress for its first 12 s.", valueName: "seconds"))
    var newEventsEvery: Double?

    @Option(help: ArgumentHelp("The moment its history is made around, in seconds since 1970 (default: now): started again with the same moment it serves the same events, as a restarted server keeps its database.",
                               valueName: "seconds"))
    var startedAt: Double?

    @Flag(help: "Make the demo's generated media (AES-128, byte ranges, HEVC, audio rendition, discontinuity; with --flavor frigate the Frigate vod media; needs ffmpeg) in the cache now, print its folder and exit. Otherwise the first demo start makes it in the background.")
    var makeMedia = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard (0...200_000).contains(events) else { throw ValidationError("--events must be between 0 and 200000") }
        if let days, !(days > 0 && days <= 3650) { throw ValidationError("--days must be more than 0 and at most 3650") }
        if noAuth, flavor != .frigate { throw ValidationError("--no-auth needs --flavor frigate") }
        if !offlineCameras.isEmpty, flavor != .frigate { throw ValidationError("--offline-camera needs --flavor frigate") }
        if semanticSearch, flavor != .frigate { throw ValidationError("--semantic-search needs --flavor frigate") }
        if let unknown = offlineCameras.first(where: { !FrigateDemoOptions.cameraNames.contains($0) }) {
            throw ValidationError("--offline-camera: the demo has no camera \"\(unknown.prefix(40))\" (it has: \(FrigateDemoOptions.cameraNames.joined(separator: ", ")))")
        }
        if let startedAt, !(startedAt >= 0 && startedAt < 32_503_680_000) { throw ValidationError("--started-at must be seconds since 1970, before the year 3000") }
        if let newEventsEvery, !(newEventsEvery >= 1 && newEventsEvery <= 86_400) {
            throw ValidationError("--new-events-every must be from 1 to 86400 seconds")
        }
    }

    func run() async throws {
        if makeMedia { return try await DemoServerRunner.makeMedia(flavor: flavor, output: StandardStreams.line) }
        try await DemoServerRunner.run(host: host, port: port, generatedEvents: events, days: days, flavor: flavor,
                                       requiresAuth: !noAuth, semanticSearch: semanticSearch, offlineCameras: Set(offlineCameras), newEventsEvery: newEventsEvery,
                                       startedAt: startedAt.map(Date.init(timeIntervalSince1970:)), output: StandardStreams.line)
    }
}

/// `--flavor events|frigate`.
extension DemoFlavor: ExpressibleByArgument {}
