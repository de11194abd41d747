import AppCore
import Testing

/// The poll schedule of following (the TUI's list, `events --follow`): due, in flight (never two
/// at once), failures backing off by doubling to a cap with one notice, success resuming.
@Suite("FollowSchedule")
struct FollowScheduleTests {
    let start = ContinuousClock.now

    @Test func theFirstPollIsAnIntervalAfterArmingAndNeverTwoAreInFlight() {
        var schedule = FollowSchedule(interval: .seconds(10))
        #expect(!schedule.pollIfDue(now: start), "not armed yet")
        schedule.arm(now: start)
        #expect(schedule.nextDeadline == start + .seconds(10))
        #expect(!schedule.pollIfDue(now: start + .seconds(9)))
        #expect(schedule.pollIfDue(now: start + .seconds(10)))
        #expect(schedule.isInFlight)
        #expect(schedule.nextDeadline == nil, "no deadline while a poll is in flight")
        #expect(!schedule.pollIfDue(now: start + .seconds(60)), "a second poll waits for the first")
        #expect(schedule.succeeded(now: start + .seconds(61)) == nil)
        #expect(schedule.nextDeadline == start + .seconds(71))
        schedule.arm(now: start + .seconds(62))
        #expect(schedule.nextDeadline == start + .seconds(71), "arming again changes nothing")
    }

    @Test func failuresBackOffDoublingToTheCapSayItOnceAndSuccessResumes() throws {
        var schedule = FollowSchedule(interval: .seconds(10), maxBackoff: .seconds(60))
        schedule.arm(now: start)
        var now = start + .seconds(10)
        var notices: [FollowSchedule.Notice] = []
        var waits: [Duration] = []
        for _ in 0..<5 {
            #expect(schedule.pollIfDue(now: now))
            if let notice = schedule.failed(now: now) { notices.append(notice) }
            let next = try #require(schedule.nextDeadline)
            waits.append(next - now)
            now = next
        }
        #expect(waits == [.seconds(20), .seconds(40), .seconds(60), .seconds(60), .seconds(60)])
        #expect(notices == [.failing(retryIn: .seconds(20))], "one notice for the whole outage")
        #expect(schedule.pollIfDue(now: now))
        #expect(schedule.succeeded(now: now) == .resumed)
        #expect(schedule.nextDeadline == now + .seconds(10), "back to the interval")
        #expect(schedule.failures == 0)
        #expect(schedule.pollIfDue(now: now + .seconds(10)))
        #expect(schedule.succeeded(now: now + .seconds(10)) == nil, "resumed is said once")
    }

    @Test func offPollsNothingAndOnPollsAtOnce() {
        var schedule = FollowSchedule(interval: .seconds(10), isOn: false)
        schedule.arm(now: start)
        #expect(schedule.nextDeadline == nil)
        #expect(!schedule.pollIfDue(now: start + .seconds(100)))
        schedule.setOn(true, now: start + .seconds(100))
        #expect(schedule.pollIfDue(now: start + .seconds(100)))
        schedule.setOn(false, now: start + .seconds(101))
        schedule.setOn(true, now: start + .seconds(102))
        #expect(!schedule.pollIfDue(now: start + .seconds(102)), "the poll in flight comes back first")
    }
}
