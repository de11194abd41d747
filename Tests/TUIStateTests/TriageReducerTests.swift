import AppCore
import EventsAPI
import Foundation
import Player
import Testing
import TUI
@testable import TUIState

/// Triage by what the server knows (Keep/, Details/, Alarms/): `K` keeps the event past the
/// server's retention, `i` shows everything known about it, `J` and PgUp/PgDn go to its alarms,
/// and the rows show the server's threat, kept state, faces and plates.
@Suite("AppState: keep, details and alarms")
struct TriageReducerTests {
    static func keeping(_ name: String? = "retain", events: [Event]? = nil) -> AppState {
        var state = AppState(server: "http://127.0.0.1:5000", isDemo: false, user: "admin", keepName: name)
        _ = state.start()
        let page = EventsPage(events: events ?? (0..<5).map { Fixtures.event($0) }, nextCursor: nil)
        _ = state.reduce(.pageLoaded(page, generation: state.list.fetchGeneration), now: .now)
        return state
    }

    @Test func kAsksTheServerToKeepTheSelectedEventAndTheAnswerChangesItsRow() {
        var state = Self.keeping()
        _ = state.reduce(.action(.select(index: 2)), now: .now)
        #expect(state.reduce(.action(.toggleKept), now: .now) == [.setKept(ids: ["evt-2"], kept: true)])
        #expect(state.status.message?.text.hasPrefix("Keeping Front Door · Motion 2 (retain on the server)") == true)
        #expect(!state.screen().list.rows[2].isKept, "shown as the server has it until it answers")
        #expect(state.reduce(.action(.toggleKept), now: .now).isEmpty, "one request at a time for an event")
        _ = state.reduce(.keptSet(ids: ["evt-2"], kept: true), now: .now)
        #expect(state.screen().list.rows[2].isKept)
        #expect(state.screen().list.rows[2].titleMarks == "⚑ ")
        #expect(state.status.message?.text == "Kept past retention: Front Door · Motion 2 (retain on the server)")
        // K again lets it go.
        #expect(state.reduce(.action(.toggleKept), now: .now) == [.setKept(ids: ["evt-2"], kept: false)])
        _ = state.reduce(.keptSet(ids: ["evt-2"], kept: false), now: .now)
        #expect(!state.screen().list.rows[2].isKept)
    }

    @Test func aRefusalIsTheServersAnswerAndNothingChanges() {
        var state = Self.keeping()
        _ = state.reduce(.action(.toggleKept), now: .now)
        _ = state.reduce(.keepFailed(ids: ["evt-0"], kept: true, message: "the server refused the request with HTTP 403: Insufficient permissions"),
                         now: .now)
        #expect(state.status.error == "The server did not keep the event: the server refused the request with HTTP 403: Insufficient permissions")
        #expect(!state.screen().list.rows[0].isKept)
        #expect(state.reduce(.action(.toggleKept), now: .now) == [.setKept(ids: ["evt-0"], kept: true)], "asked again")
    }

    @Test func aServerThatCannotKeepSaysSoAndALivePictureHasNothingToKeep() {
        var state = Self.keeping(nil)
        #expect(state.reduce(.action(.toggleKept), now: .now).isEmpty)
        #expect(state.status.message?.text.contains("cannot keep events") == true)
        var playing = Fixtures.playingState()
        playing.playback?.live = LiveView(camera: "Front Door", returnsTo: .list)
        #expect(!playing.reduce(.action(.toggleKept), now: .now).contains { if case .setKept = $0 { true } else { false } })
        #expect(playing.status.message?.text.hasPrefix("A live picture has no recording") == true)
    }

    @Test func theKeptStateFollowsThePlayingEventInThePlayer() {
        var state = Self.keeping()
        _ = state.reduce(.action(.play), now: .now)   // evt-0, the player focused
        _ = state.reduce(.action(.focus(.list)), now: .now)
        _ = state.reduce(.action(.select(index: 3)), now: .now)
        _ = state.reduce(.action(.focus(.player)), now: .now)
        #expect(state.reduce(.action(.toggleKept), now: .now) == [.setKept(ids: ["evt-0"], kept: true)], "the playing one")
        _ = state.reduce(.keptSet(ids: ["evt-0"], kept: true), now: .now)
        #expect(state.playback?.event.kept == true)
    }

    @Test func rowsShowTheThreatFacesAndPlatesEscaped() {
        var parcel = Fixtures.event(0, title: "Courier leaves a parcel")
        parcel.description = EventDescription(title: "Courier leaves a parcel", threatLevel: 2)
        parcel.subLabels = ["Alice"]
        parcel.plates = ["KX70\u{1B}[2J FRG"]
        var calm = Fixtures.event(1)
        calm.description = EventDescription(threatLevel: 0)
        let state = Self.keeping(events: [parcel, calm])
        let rows = state.screen().list.rows
        #expect(rows[0].threatLevel == 2 && rows[0].titleMarks == "‼ ")
        #expect(rows[0].title == "Courier leaves a parcel · Alice · KX70\\u{1B}[2J FRG", "server text escaped: \(rows[0].title)")
        #expect(rows[1].titleMarks.isEmpty, "threat 0 shows no mark")
    }

    @Test func iOpensTheEventsDetailsOverTheListAndEscClosesIt() throws {
        var state = Self.keeping()
        _ = state.reduce(.action(.select(index: 1)), now: .now)
        let effects = state.reduce(.action(.showDetails), now: .now)
        #expect(effects == [.fetchDetails(Fixtures.event(1), coverage: true)])
        #expect(state.screen().overlay == .details && state.screen().route == .overlay(over: .list))
        #expect(state.screen().detailLines.last == "  Asking the server for more…")
        var event = Fixtures.event(1)
        event.description = EventDescription(title: "A person\u{07} at the door", scene: "A person walks to the door.", threatLevel: 1)
        let details = EventDetails(event: event, objects: [TrackedObject(id: "o1", label: "person", score: 0.87, subLabel: "Bob",
                                                                          zones: ["porch"])],
                                   fields: [.init(name: "Notes", value: "Motion: \u{1B}]0;pwned\u{07}")])
        _ = state.reduce(.detailsLoaded(details), now: .now)
        let lines = state.screen().detailLines
        #expect(lines.contains("  person 87% · Bob · in porch"), "\(lines)")
        #expect(lines.contains("  threat: 1 (needs review)"))
        #expect(lines.contains("  A person walks to the door."))
        #expect(lines.contains { $0.hasPrefix("  Notes: Motion: \\u{1B}]0;pwned") }, "escaped: \(lines)")
        #expect(!lines.joined().contains("\u{1B}") && !lines.joined().contains("\u{07}"))
        #expect(lines.contains { $0.contains("not kept (K keeps it: retain)") })
        _ = state.reduce(.action(.back), now: .now)
        #expect(state.screen().overlay == nil && state.screen().route == .context(.list))
        // An answer for an event no longer shown changes nothing.
        _ = state.reduce(.detailsLoaded(details), now: .now)
        #expect(state.screen().detailLines.isEmpty)
    }

    @Test func helpOverTheDetailsClosesFirst() {
        var state = Self.keeping()
        _ = state.reduce(.action(.showDetails), now: .now)
        _ = state.reduce(.action(.toggleHelp), now: .now)
        #expect(state.screen().overlay == .help)
        _ = state.reduce(.action(.back), now: .now)
        #expect(state.screen().overlay == .details, "Esc closed help, the details stay")
        _ = state.reduce(.action(.quitOrBack), now: .now)
        #expect(state.screen().overlay == nil)
    }

    @Test func aScoredEventsPlaybackAsksForItsAlarmFramesAndJGoesToTheHighest() throws {
        var scored = Fixtures.event(0)
        scored.score = 60
        var state = Self.keeping(nil, events: [scored])
        let effects = state.reduce(.action(.play), now: .now)
        #expect(effects.contains(.fetchDetails(scored, coverage: false)), "\(effects)")
        // J before the frames came: nothing to go to yet.
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        _ = state.reduce(Fixtures.update(.player(.progress(PlaybackProgress(position: 1, duration: 30, bufferedAhead: 4))), state), now: .now)
        #expect(state.reduce(.action(.seekToHighestScore), now: .now).isEmpty)
        let frames = [AlarmFrame(offset: 4, score: 20), AlarmFrame(offset: 4.2, score: 55), AlarmFrame(offset: 4.4, score: 30),
                      AlarmFrame(offset: 12, score: 60), AlarmFrame(offset: 12.2, score: 10), AlarmFrame(offset: 20, score: 60)]
        _ = state.reduce(.detailsLoaded(EventDetails(event: scored, alarmFrames: frames)), now: .now)
        #expect(state.screen().player?.alarmMarks == [4, 12, 20])
        #expect(state.reduce(.action(.seekToHighestScore), now: .now) == [.player(.seek(to: 12))], "the first of the highest")
        #expect(state.reduce(.action(.seekToAlarm(forward: true)), now: .now) == [.player(.seek(to: 20))], "from the pending target")
        #expect(state.reduce(.action(.seekToAlarm(forward: true)), now: .now).isEmpty)
        #expect(state.status.message?.text == "No alarm after this moment")
        #expect(state.reduce(.action(.seekToAlarm(forward: false)), now: .now) == [.player(.seek(to: 12))])
    }

    @Test func anUnscoredEventAsksForNoFramesAndJSaysWhy() {
        var state = Self.keeping(nil)
        let effects = state.reduce(.action(.play), now: .now)
        #expect(!effects.contains { if case .fetchDetails = $0 { true } else { false } })
        _ = state.reduce(Fixtures.update(.loaded, state), now: .now)
        #expect(state.reduce(.action(.seekToHighestScore), now: .now).isEmpty)
        #expect(state.status.message?.text == "This server scores no frames (ZoneMinder's alarm frames)")
    }

    @Test func alarmFramesCloserThanTheGapAreOneAlarm() {
        let alarms = AlarmMoments(frames: [AlarmFrame(offset: 10, score: 5), AlarmFrame(offset: 1, score: 9), AlarmFrame(offset: 2, score: 9),
                                           AlarmFrame(offset: 3.4, score: 1), AlarmFrame(offset: 5, score: 2)])
        #expect(alarms.starts == [1, 5, 10])
        #expect(alarms.highest == AlarmFrame(offset: 1, score: 9))
        #expect(alarms.next(after: 1) == 5 && alarms.previous(before: 5) == 1 && alarms.previous(before: 1.2) == nil)
        #expect(AlarmMoments().isEmpty && AlarmMoments().highest == nil)
    }

    @Test func altKAsksThenKeepsEveryEventShownThatIsNotKept() {
        var state = Self.keeping()
        _ = state.reduce(.keptSet(ids: ["evt-1"], kept: true), now: .now)   // kept already
        #expect(state.reduce(.action(.keepShown), now: .now).isEmpty, "asked first")
        #expect(state.screen().prompt?.label == "Keep the 4 events shown past the server's retention (retain)? ")
        #expect(state.screen().route == .context(.filter), "the question takes the keys")
        #expect(state.reduce(.action(.insertText("x")), now: .now).isEmpty && state.screen().prompt != nil)
        #expect(state.reduce(.action(.insertText("y")), now: .now) == [.setKept(ids: ["evt-0", "evt-2", "evt-3", "evt-4"], kept: true)])
        #expect(state.screen().prompt == nil && state.screen().route == .context(.list))
        _ = state.reduce(.keptSet(ids: ["evt-0", "evt-2", "evt-3", "evt-4"], kept: true), now: .now)
        #expect(state.screen().list.rows.allSatisfy { $0.isKept })
        #expect(state.status.message?.text == "Kept past retention: 4 events (retain on the server)")
        #expect(state.reduce(.action(.keepShown), now: .now).isEmpty && state.screen().prompt == nil)
        #expect(state.status.message?.text == "Every event shown is kept already (or still recording)")

        var declined = Self.keeping()
        _ = declined.reduce(.action(.keepShown), now: .now)
        #expect(declined.reduce(.action(.cancel), now: .now).isEmpty && declined.screen().prompt == nil)
        #expect(declined.status.message?.text == "Nothing kept")
    }

    @Test func slashThenTabSearchesTheServerAndEscGoesBackToThePages() throws {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.insertText("cardboard")), now: .now)
        #expect(state.screen().list.rows.isEmpty, "no loaded row has the word")
        let effects = state.reduce(.action(.searchServer), now: .now)
        var filter = EventFilter()
        filter.search = "cardboard"
        #expect(effects == [.search(filter, semantic: false, generation: state.list.fetchGeneration)])
        #expect(state.screen().header.countsText == "searching the server for “cardboard”…")
        var parcel = Fixtures.event(400, title: "Courier leaves a parcel")
        parcel.description = EventDescription(scene: "A courier carries a cardboard box.")
        #expect(EventSearch.matches(parcel, text: "cardboard"), "the scene has it")
        #expect(state.list.filterText == "cardboard")
        let found = EventSearch.Found(events: [parcel], cut: false, answeredBy: .text, searched: 1_234)
        _ = state.reduce(.searchLoaded(found, generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().list.rows.map(\.id) == ["evt-400"], "the answer is the list, the / text still matching it")
        #expect(state.screen().header.countsText == "search “cardboard”: 1 found in 1234 events")
        #expect(state.screen().list.moreAvailable == false)
        // An answer of an older search is dropped.
        _ = state.reduce(.searchLoaded(EventSearch.Found(events: [], cut: false, answeredBy: .text, searched: 0), generation: 0), now: .now)
        #expect(state.screen().list.rows.count == 1)
        // Esc: the list's pages again.
        let back = state.reduce(.action(.back), now: .now)
        #expect(back.contains { if case .fetchPage(nil, _, _) = $0 { true } else { false } }, "\(back)")
        #expect(state.screen().header.countsText == "loading…")
    }

    @Test func aTildeAsksTheSemanticSearchAndSaysWhichAnswered() {
        var state = Fixtures.listState(count: 5, next: nil)
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.insertText("~a courier at the door")), now: .now)
        let effects = state.reduce(.action(.submit), now: .now)
        var filter = EventFilter()
        filter.search = "a courier at the door"
        #expect(effects == [.search(filter, semantic: true, generation: state.list.fetchGeneration)])
        #expect(state.screen().list.filterText.isEmpty, "its answer need not contain the words")
        let found = EventSearch.Found(events: [Fixtures.event(7)], cut: false, answeredBy: .semantic, searched: 1)
        _ = state.reduce(.searchLoaded(found, generation: state.list.fetchGeneration), now: .now)
        #expect(state.screen().header.countsText == "semantic search “a courier at the door”: 1 found")
        var off = Fixtures.listState(count: 5, next: nil)
        _ = off.reduce(.action(.startFilter), now: .now)
        _ = off.reduce(.action(.insertText("~courier")), now: .now)
        _ = off.reduce(.action(.submit), now: .now)
        _ = off.reduce(.searchLoaded(EventSearch.Found(events: [], cut: true, answeredBy: .text, searched: 5_000,
                                                      notice: "this server has no semantic search turned on: the text search answered"),
                                     generation: off.list.fetchGeneration), now: .now)
        #expect(off.screen().header.countsText == "search “courier”: 0 found in 5000 events (older ones not searched)")
        #expect(off.status.message?.text == "Search: this server has no semantic search turned on: the text search answered")
    }

    @Test func enterKeepsTheFilterOverTheLoadedEventsWithoutAskingTheServer() {
        var state = Fixtures.listState(count: 30, next: "c2")
        _ = state.reduce(.action(.startFilter), now: .now)
        _ = state.reduce(.action(.insertText("Motion 1")), now: .now)
        #expect(!state.reduce(.action(.submit), now: .now).contains { if case .search = $0 { true } else { false } })
        #expect(state.screen().list.rows.allSatisfy { $0.title.contains("Motion 1") })
    }

    @Test func theDetailsShowTheCamerasRecordingAroundTheEvent() {
        var state = Self.keeping()
        _ = state.reduce(.action(.showDetails), now: .now)
        let event = Fixtures.event(0)   // 10 s long
        let window = event.startTime.addingTimeInterval(-600)..<event.endTime!.addingTimeInterval(600)
        var details = EventDetails(event: event)
        details.coverage = .init(window: window, spans: [RecordedSpan(start: event.startTime.addingTimeInterval(-120),
                                                                      end: event.startTime.addingTimeInterval(900))])
        _ = state.reduce(.detailsLoaded(details), now: .now)
        let lines = state.screen(calendar: Self.utc).detailLines
        let heading = try? #require(lines.firstIndex(of: "Recording around it"))
        #expect(heading.map { lines[$0 + 1].hasSuffix("(the whole event)") } == true, "\(lines)")
        details.coverage = .init(window: window, spans: [])
        _ = state.reduce(.detailsLoaded(details), now: .now)
        #expect(state.screen(calendar: Self.utc).detailLines.contains { $0.hasPrefix("  none from ") })
    }

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    @Test func sCyclesTheServersSeveritiesThenThreatsThenKept() throws {
        var state = AppState(server: "http://127.0.0.1:5000", isDemo: false, user: "admin",
                             severities: EventFilter.severityChoices(kind: .frigate, severities: ["alert", "detection"]), keepName: "retain")
        _ = state.start()
        var filters: [EventFilter] = []
        for _ in 0..<5 {
            let effects = state.reduce(.action(.cycleSeverity), now: .now)
            filters.append(try #require(effects.compactMap { if case .fetchPage(nil, _, let filter) = $0 { filter } else { nil } }.first))
        }
        #expect(filters.map(\.severity) == ["alert", "detection", nil, nil, nil])
        #expect(filters[2].minThreat == 1 && filters[3].kept == true && filters[4] == EventFilter())
        var zoneminder = AppState(server: "http://127.0.0.1:18080/zm", isDemo: false, user: "admin",
                                  severities: EventFilter.severityChoices(kind: .zoneminder, severities: []), keepName: "archive")
        _ = zoneminder.start()
        let alarmed = zoneminder.reduce(.action(.cycleSeverity), now: .now)
        #expect(alarmed.contains { if case .fetchPage(nil, _, let filter) = $0 { filter.minScore == 1 } else { false } })
        #expect(zoneminder.screen().header.filtersText == "alarmed events only")
    }
}
