import AppCore
import EventsAPI
import Foundation
import Testing

/// The montage's one wall clock and what each camera's tile shows at a moment.
@Suite struct MontageTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_478_400)

    static func event(_ id: String, _ camera: String, _ from: TimeInterval, _ to: TimeInterval?) -> Event {
        Event(id: id, cameraName: camera, startTime: t0.addingTimeInterval(from), endTime: to.map { t0.addingTimeInterval($0) },
              bucket: "30-days", videoUrl: URL(string: "http://demo.invalid/\(id)/index.m3u8")!)
    }

    @Test func theClockRunsWithSpeedStandsWhenPausedAndSeeks() {
        let start = ContinuousClock.now
        var clock = MontageClock(at: Self.t0, now: start)
        #expect(clock.wallTime(now: start + .seconds(10)) == Self.t0.addingTimeInterval(10))
        clock.setSpeed(2, now: start + .seconds(10))
        #expect(clock.wallTime(now: start + .seconds(15)) == Self.t0.addingTimeInterval(20), "10 s at 1×, then 5 s at 2×")
        clock.setPaused(true, now: start + .seconds(15))
        #expect(clock.wallTime(now: start + .seconds(60)) == Self.t0.addingTimeInterval(20))
        clock.setPaused(false, now: start + .seconds(60))
        #expect(clock.wallTime(now: start + .seconds(61)) == Self.t0.addingTimeInterval(22))
        clock.seek(to: Self.t0.addingTimeInterval(100), now: start + .seconds(61))
        #expect(clock.wallTime(now: start + .seconds(62)) == Self.t0.addingTimeInterval(102))
        // A tile 12.04 s into an event that started at t0 + 90 s, at t0 + 102 s: 40 ms ahead.
        let drift = clock.drift(position: 12.04, eventStart: Self.t0.addingTimeInterval(90), now: start + .seconds(62))
        #expect(abs(drift - 0.04) < 1e-6)
    }

    @Test func eachCameraShowsTheEventCoveringTheMomentOrWaitsForItsNext() {
        let events = [
            Self.event("a", "Front Door", 0, 60),
            Self.event("b", "Front Door", 50, 120),     // overlaps a: the later start wins
            Self.event("c", "Garage", 200, 260),        // later: Garage waits
            Self.event("d", "Backyard", 30, nil),       // live
        ]
        let plan = MontagePlan(cameras: ["Front Door", "Garage", "Backyard", "Driveway"], events: events,
                               at: Self.t0.addingTimeInterval(55), now: Self.t0.addingTimeInterval(300))
        #expect(plan.tiles.map(\.camera) == ["Front Door", "Garage", "Backyard", "Driveway"])
        #expect(plan.tiles[0].state == .playing(events[1], offset: 5))
        #expect(plan.tiles[1].state == .noRecording(next: Self.t0.addingTimeInterval(200)))
        #expect(plan.tiles[2].state == .playing(events[3], offset: 25))
        #expect(plan.tiles[3].state == .noRecording(next: nil))
        #expect(plan.nextChange == Self.t0.addingTimeInterval(120), "b ends first")
        let later = MontagePlan(cameras: ["Garage"], events: events, at: Self.t0.addingTimeInterval(200), now: Self.t0.addingTimeInterval(300))
        #expect(later.tiles[0].state == .playing(events[2], offset: 0), "Garage joins when its event begins")
        let ended = MontagePlan(cameras: ["Garage"], events: events, at: Self.t0.addingTimeInterval(260), now: Self.t0.addingTimeInterval(300))
        #expect(ended.tiles[0].state == .noRecording(next: nil), "an event's end is not in it")
    }
}
