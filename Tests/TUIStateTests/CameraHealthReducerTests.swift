import AppCore
import EventsAPI
import Foundation
import Testing
import TUI
@testable import TUIState

/// Camera health in the TUI's model: asked for when the `c` picker or the timeline opens, every
/// 15 s while one is shown and never while none is, one request at a time; shown beside each
/// camera (by its name, from the server's id) in the picker and on the lanes; a server that
/// reports none is not asked again, a failure shows nothing and backs off, an old answer goes.
@Suite("AppState: camera health")
struct CameraHealthReducerTests {
    let t0 = ContinuousClock.now

    /// The list loaded (Front Door and Driveway) with the server's cameras: ids and names.
    func state() -> AppState {
        var state = Fixtures.listState()
        let cameras = [Camera(id: "front_door", name: "Front Door"), Camera(id: "driveway", name: "Driveway"),
                       Camera(id: "side_gate", name: "Side Gate", isEnabled: false, isRecording: false)]
        _ = state.reduce(.camerasLoaded(cameras, groups: []), now: t0)
        return state
    }

    static let reports = [CameraHealth(camera: "front_door", isOnline: true, captureFPS: 5.1, detectionFPS: 0.2),
                          CameraHealth(camera: "driveway", isOnline: false, captureFPS: 0, detectionFPS: 0),
                          CameraHealth(camera: "side_gate", isOnline: false, captureFPS: 0)]

    static func asks(_ effects: [AppEffect]) -> Int {
        effects.filter { $0 == .fetchCameraHealth }.count
    }

    /// The picker's rows with their health text ("Front Door ● 5 fps").
    static func rows(_ picker: PickerSnapshot?) -> [String] {
        guard let picker else { return [] }
        return picker.items.indices.map { index in
            let badge = picker.badges.indices.contains(index) ? picker.badges[index] : nil
            return picker.items[index] + (badge.map { " " + $0.text } ?? "")
        }
    }

    @Test func thePickerAsksOnOpeningShowsEachCamerasHealthAndAsksAgainEvery15sWhileOpen() {
        var state = state()
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(60))) == 0, "nothing shows health: nothing asked")
        #expect(Self.asks(state.reduce(.action(.pickCamera), now: t0 + .seconds(61))) == 1, "asked when the picker opens")
        #expect(Self.rows(state.screen().picker) == ["All cameras", "Front Door", "Driveway", "Side Gate"], "nothing known yet")
        #expect(Self.asks(state.reduce(.action(.select(index: 1)), now: t0 + .seconds(62))) == 0, "one request at a time")
        _ = state.reduce(.cameraHealthLoaded(Self.reports), now: t0 + .seconds(62))
        #expect(Self.rows(state.screen().picker) == ["All cameras", "Front Door ● 5 fps", "Driveway offline", "Side Gate disabled"])
        let badges = state.screen().picker?.badges ?? []
        #expect(badges.compactMap { $0?.state } == [.online, .offline, .disabled])
        #expect(state.healthDeadline == t0 + .seconds(77), "the next request 15 s after the answer")
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(76))) == 0)
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(77))) == 1)
        _ = state.reduce(.cameraHealthLoaded([CameraHealth(camera: "front_door", isOnline: false, captureFPS: 0)]), now: t0 + .seconds(78))
        #expect(Self.rows(state.screen().picker) == ["All cameras", "Front Door offline", "Driveway", "Side Gate"], "the newest answer only")
        // Closed: no request however long it stays closed; opened again: at once, the answer being old.
        _ = state.reduce(.action(.back), now: t0 + .seconds(79))
        for minute in 2...30 { #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(60 * minute))) == 0) }
        #expect(state.healthDeadline == nil, "no wake-up for health while closed")
        #expect(Self.asks(state.reduce(.action(.pickCamera), now: t0 + .seconds(1801))) == 1)
        #expect(Self.rows(state.screen().picker).allSatisfy { !$0.contains("offline") }, "an answer 45 s old or more is not shown")
    }

    @Test func openedAgainWithinTheIntervalItWaitsForTheNextRequest() {
        var state = state()
        _ = state.reduce(.action(.pickCamera), now: t0)
        _ = state.reduce(.cameraHealthLoaded(Self.reports), now: t0 + .seconds(1))
        var asked = 0
        for second in 2..<16 {
            asked += Self.asks(state.reduce(.action(second % 2 == 0 ? .back : .pickCamera), now: t0 + .seconds(second)))
        }
        #expect(asked == 0, "opening and closing the picker makes no request storm")
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(16))) == 1)
    }

    @Test func aServerWithoutHealthIsNotAskedAgainAndShowsNothing() {
        var state = state()
        _ = state.reduce(.action(.pickCamera), now: t0)
        _ = state.reduce(.cameraHealthLoaded(nil), now: t0 + .seconds(1))
        #expect(state.screen().picker?.badges.isEmpty == true)
        for second in stride(from: 2, to: 600, by: 5) {
            #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(second))) == 0)
        }
        _ = state.reduce(.action(.back), now: t0 + .seconds(601))
        #expect(Self.asks(state.reduce(.action(.pickCamera), now: t0 + .seconds(602))) == 0)
    }

    @Test func aFailureShowsNothingBacksOffAndAnOldAnswerGoes() {
        var state = state()
        _ = state.reduce(.action(.pickCamera), now: t0)
        _ = state.reduce(.cameraHealthLoaded(Self.reports), now: t0 + .seconds(1))
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(16))) == 1)
        _ = state.reduce(.cameraHealthFailed, now: t0 + .seconds(17))
        #expect(state.status.error == nil && state.screen().message == nil, "no message for a failure")
        #expect(Self.rows(state.screen().picker).contains("Driveway offline"), "the answer 16 s old still shows")
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(32))) == 0, "backing off: not 15 s after the failure")
        #expect(state.healthDeadline == t0 + .seconds(46), "the answer's age limit brings a turn")
        _ = state.reduce(.tick, now: t0 + .seconds(46))
        #expect(state.screen().picker?.badges.isEmpty == true, "45 s old: shown no more")
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(47))) == 1, "30 s after the failure")
        _ = state.reduce(.cameraHealthFailed, now: t0 + .seconds(48))
        #expect(state.healthDeadline == t0 + .seconds(108), "then 60 s")
        #expect(state.screen().message == nil && state.status.error == nil)
    }

    @Test func theTimelinesLanesShowHealthByTheCamerasNames() throws {
        var state = state()
        #expect(Self.asks(state.reduce(.action(.toggleTimeline), now: t0)) == 1, "asked when the timeline opens")
        _ = state.reduce(.cameraHealthLoaded(Self.reports + [CameraHealth(camera: "attic", isOnline: true, status: "Connected")]),
                         now: t0 + .seconds(1))
        let timeline = try #require(state.screen().timelineView)
        #expect(timeline.health["Front Door"]?.text == "● 5 fps")
        #expect(timeline.health["Driveway"] == CameraHealthBadge(text: "offline", state: .offline))
        #expect(timeline.health["attic"]?.text == "● Connected", "a camera the server did not list keeps its id")
        #expect(state.health.title("Driveway", cameras: state.catalogue.serverCameras) == "Driveway · offline", "a tile's title")
        #expect(state.health.title("Side Gate", cameras: state.catalogue.serverCameras) == "Side Gate · disabled")
        #expect(state.health.title("Garage", cameras: state.catalogue.serverCameras) == "Garage", "no report: the name alone")
        // The picker over the timeline shows it too; the montage over it does not ask.
        _ = state.reduce(.action(.pickCamera), now: t0 + .seconds(2))
        #expect(Self.rows(state.screen().picker).contains("Driveway offline"))
        _ = state.reduce(.action(.back), now: t0 + .seconds(3))
        _ = state.reduce(.action(.toggleTimeline), now: t0 + .seconds(4))
        #expect(Self.asks(state.reduce(.tick, now: t0 + .seconds(100))) == 0, "the timeline closed: nothing asked")
    }

    @Test func theOneFormatterWritesRatesEscapesTheServersWordAndTitlesATile() {
        func text(_ health: CameraHealth, isEnabled: Bool = true) -> String { CameraHealthText.badge(health, isEnabled: isEnabled).text }
        #expect(text(CameraHealth(camera: "a", isOnline: true, captureFPS: 4.94)) == "● 5 fps")
        #expect(text(CameraHealth(camera: "a", isOnline: true, captureFPS: 14.6)) == "● 15 fps")
        #expect(text(CameraHealth(camera: "a", isOnline: true, captureFPS: 0.5)) == "● 0.5 fps")
        #expect(text(CameraHealth(camera: "a", isOnline: true)) == "● online")
        #expect(text(CameraHealth(camera: "a", isOnline: false, status: "NotRunning")) == "offline")
        #expect(text(CameraHealth(camera: "a", isOnline: false), isEnabled: false) == "disabled")
        let hostile = text(CameraHealth(camera: "a", isOnline: true, status: "\u{1B}]0;pwned\u{07}and more words"))
        #expect(!hostile.contains("\u{1B}") && !hostile.contains("\u{07}"), "escaped: \(hostile)")
        #expect(hostile.count <= 2 + CameraHealthText.maxStatus)
        #expect(CameraHealthText.title("Front Door", health: CameraHealth(camera: "front_door", isOnline: false)) == "Front Door · offline")
        #expect(CameraHealthText.title("Gate\u{1B}[2J", health: nil) == "Gate\\u{1B}[2J")
    }
}
