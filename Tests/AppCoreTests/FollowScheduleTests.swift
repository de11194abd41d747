import AppCore
import Testing

/// The poll schedule of following (the TUI's list, `events --follow`): due, in flight (never two
/// at once), failures backing off by doubling to a cap with one notice, success resuming.
@Suite("FollowSchedule")
struct FollowScheduleTests {
    let start = ContinuousClock.now

    @Test func theFirstPollIsAnIntervalAfterArmingAndNeverTwoAreInFlight() {
        var schedule = FollowSchedule(interval: .seconds(10))
        let r1 = schedule.pollIfDue(now: start)
        #expect(!r1, "not armed yet")
        schedule.arm(now: start)
        #expect(schedule.nextDeadline == start + .seconds(10))
        let r2 = schedule.pollIfDue(now: start + .seconds(9))
        #expect(!r2)
        let r3 = schedule.pollIfDue(now: start + .seconds(10))
        #expect(r3)
        #expect(schedule.isInFlight)
        #expect(schedule.nextDeadline == nil, "no deadline while a poll is in flight")
        let r4 = schedule.pollIfDue(now: start + .seconds(60))
        #expect(!r4, "a second poll waits for the first")
        let r5 = schedule.succeeded(now: start + .seconds(61))
        #expect(r5 == nil)
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
            let r6 = schedule.pollIfDue(now: now)
            #expect(r6)
            if let notice = schedule.failed(now: now) { notices.append(notice) }
            let next = try #require(schedule.nextDeadline)
            waits.append(next - now)
            now = next
        }
        #expect(waits == [.seconds(20), .seconds(40), .seconds(60), .seconds(60), .seconds(60)])
        #expect(notices == [.failing(retryIn: .seconds(20))], "one notice for the whole outage")
        let r7 = schedule.pollIfDue(now: now)
        #expect(r7)
        let r8 = schedule.succeeded(now: now)
        #expect(r8 == .resumed)
        #expect(schedule.nextDeadline == now + .seconds(10), "back to the interval")
        #expect(schedule.failures == 0)
        let r9 = schedule.pollIfDue(now: now + .seconds(10))
        #expect(r9)
        let r10 = schedule.succeeded(now: now + .seconds(10))
        #expect(r10 == nil, "resumed is said once")
    }

    @Test func offPollsNothingAndOnPollsAtOnce() {
        var schedule = FollowSchedule(interval: .seconds(10), isOn: false)
        schedule.arm(now: start)
        #expect(schedule.nextDeadline == nil)
        let r11 = schedule.pollIfDue(now: start + .seconds(100))
        #expect(!r11)
        schedule.setOn(true, now: start + .seconds(100))
        let r12 = schedule.pollIfDue(now: start + .seconds(100))
        #expect(r12)
        schedule.setOn(false, now: start + .seconds(101))
        schedule.setOn(true, now: start + .seconds(102))
        let r13 = schedule.pollIfDue(now: start + .seconds(102))
        #expect(!r13, "the poll in flight comes back first")
    }
}
