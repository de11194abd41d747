import ArgumentParser
import EventsAPI

/// The options that search for events and filter by what a server recognised (`events`): a text,
/// a face, a plate, a threat level, a score, kept. They become ``EventFilter``'s `search`, `subLabel`,
/// `plate`, `minThreat`, `minScore` and `kept`; the server's semantic search is asked with `--semantic`.
struct EventSearchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Only events whose text contains this, ignoring case: the title (Frigate's GenAI title, scene and summary), labels, zones, faces, plates, camera. Searches every event in the range (--since/--until), not only the first page.", valueName: "text"))
    var search: String?

    @Flag(help: "With --search: ask the server's semantic search (Frigate with semantic_search enabled) instead of matching the text; where it is off the text search answers, and standard error says which did.")
    var semantic = false

    @Option(name: .customLong("sub-label"), help: ArgumentHelp("Only events with this recognised face or other sub-label, ignoring case (Frigate).", valueName: "name"))
    var subLabel: String?

    @Option(help: ArgumentHelp("Only events with this recognised licence plate, ignoring case, spaces and dashes (Frigate).", valueName: "text"))
    var plate: String?

    @Option(name: .customLong("min-threat"), help: ArgumentHelp("Only events whose GenAI description rates the threat at least this: 1 suspicious, 2 a threat (Frigate; --severity threat is --min-threat 1).", valueName: "0-2"))
    var minThreat: Int?

    @Option(name: .customLong("min-score"), help: ArgumentHelp("Only events the server scored at least this, on servers that score events (ZoneMinder: the event's highest frame score, MaxScore; --severity alarmed is --min-score 1).", valueName: "score"))
    var minScore: Int?

    @Flag(help: "Only events kept past the server's retention (Frigate: retained; ZoneMinder: archived).")
    var kept = false

    func validate() throws {
        if let minThreat, !(0...2).contains(minThreat) { throw ValidationError("--min-threat must be 0, 1 or 2") }
        if let minScore, minScore < 0 { throw ValidationError("--min-score must be 0 or more") }
        if semantic, search == nil { throw ValidationError("--semantic searches: give --search TEXT") }
        if let search, search.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { throw ValidationError("--search needs a text") }
        if let subLabel, subLabel.isEmpty { throw ValidationError("--sub-label needs a name") }
        if let plate, plate.isEmpty { throw ValidationError("--plate needs a plate") }
    }

    /// `filter` with these options.
    func apply(to filter: inout EventFilter) {
        filter.search = search
        filter.subLabel = subLabel
        filter.plate = plate
        if let minThreat { filter.minThreat = max(filter.minThreat ?? 0, minThreat) }
        if let minScore { filter.minScore = max(filter.minScore ?? 0, minScore) }
        if kept { filter.kept = true }
    }
}
