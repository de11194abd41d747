import AppCore
import CLIFrontEnd
import ArgumentParser
import SystemSupport
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

    @Flag(help: ArgumentHelp("Print the events that match, then each new one as it arrives (like tail -f; with --json one object per line). Ctrl-C ends it (status 130).",
                             discussion: "Polls every follow-interval seconds of the config file (10 by default)."))
    var follow = false

    @Option(help: "Only this camera (exact name; on Frigate its name or friendly name).")
    var camera: String?

    @Option(help: ArgumentHelp("Only this severity, on servers that have one (Frigate: alert or detection).", valueName: "severity"))
    var severity: String?

    @Option(help: ArgumentHelp("Only these labels, comma-separated, on servers that have them (Frigate: person,car).", valueName: "labels"))
    var label: String?

    @Option(help: ArgumentHelp("Only events in these zones, comma-separated (Frigate).", valueName: "zones"))
    var zone: String?

    @Flag(help: "Only events not marked reviewed on the server (Frigate keeps the marks per user).")
    var unreviewed = false

    @Option(name: .customLong("min-score"), help: ArgumentHelp("Only events the server scored at least this, on servers that score events (ZoneMinder: the event's highest frame score, MaxScore).", valueName: "score"))
    var minScore: Int?

    @Flag(help: "Only events kept on the server past its retention (ZoneMinder: archived).")
    var kept = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Only events that started at or after this time: \"2026-11-20 14:00\", \"yesterday 18:00\", \"14:00\", \"-2h\" (local time).", valueName: "time"))
    var since: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Only events that started before this time (same forms as --since).", valueName: "time"))
    var until: String?

    func validate() throws {
        guard (1...500).contains(limit) else { throw ValidationError("--limit must be between 1 and 500") }
        if follow, all { throw ValidationError("--follow lists the first page, then what arrives: leave out --all") }
        if let camera, camera.isEmpty { throw ValidationError("--camera needs a camera name") }
        if let minScore, minScore < 0 { throw ValidationError("--min-score must be 0 or more") }
        _ = try filter(now: .now)
    }

    /// The server-side filter; usage errors for unreadable times or an empty range.
    func filter(now: Date) throws -> EventFilter {
        func parse(_ text: String?, _ flag: String) throws -> Date? {
            guard let text else { return nil }
            do { return try DateQuery(text).resolve(now: now) } catch { throw ValidationError("\(flag): \(error)") }
        }
        func list(_ text: String?) -> [String]? {
            text.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        }
        if let severity, !["alert", "detection"].contains(severity) {
            throw ValidationError("--severity must be alert or detection")
        }
        var filter = EventFilter(camera: camera, since: try parse(since, "--since"), until: try parse(until, "--until"),
                                 severity: severity, labels: list(label), zones: list(zone), reviewed: unreviewed ? false : nil)
        filter.minScore = minScore
        if kept { filter.kept = true }
        if let from = filter.since, let to = filter.until, from >= to {
            throw ValidationError("--since must be before --until")
        }
        return filter
    }

    func run() async throws {
        let filter = try filter(now: .now)
        let status = try await AppServices.with(global) { services -> Int32 in
            let request = EventsListing.Request(limit: limit, all: all, filter: filter, json: json)
            let reviewed = ReviewedMarks.load(from: ReviewedMarks.fileURL(in: services.paths.state))
            guard follow else {
                try await EventsListing.run(request, client: services.backend, reviewed: reviewed) { StandardStreams.line($0) }
                return 0
            }
            let interval = Duration.milliseconds(Int((services.config.followInterval ?? 10) * 1000))
            return try await EventsFollowing.run(request, interval: interval, client: services.backend, reviewed: reviewed,
                                                 output: { StandardStreams.line($0) }, notice: { StandardStreams.errorLine($0) })
        }
        if status != 0 { throw ExitCode(status) }
    }
}
