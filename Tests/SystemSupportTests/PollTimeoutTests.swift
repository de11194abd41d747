import SystemSupport
import Testing

/// The one poll(2) timeout rule: rounded up, never negative but -1 for "no deadline", clamped.
@Suite struct PollTimeoutTests {
    @Test func noDeadlineWaitsForADescriptorOnly() {
        #expect(PollTimeout.waiting(nil) == -1)
        #expect(PollTimeout.until(nil) == -1)
    }

    @Test func aReachedOrPassedDeadlineDoesNotWait() {
        #expect(PollTimeout.waiting(.zero) == 0)
        #expect(PollTimeout.waiting(.nanoseconds(-1)) == 0)
        #expect(PollTimeout.waiting(.milliseconds(-1500)) == 0)
        #expect(PollTimeout.waiting(.seconds(Int64.min)) == 0)
    }

    @Test func partMillisecondsRoundUpSoThePollNeverWakesEarly() {
        #expect(PollTimeout.waiting(.nanoseconds(1)) == 1)
        #expect(PollTimeout.waiting(.microseconds(999)) == 1)
        #expect(PollTimeout.waiting(.microseconds(1500)) == 2)
        #expect(PollTimeout.waiting(.milliseconds(5) + .nanoseconds(1)) == 6)
        #expect(PollTimeout.waiting(.seconds(2) + .nanoseconds(1)) == 2001)
    }

    @Test func wholeMillisecondsAreExactNotOneLate() {
        #expect(PollTimeout.waiting(.milliseconds(1)) == 1)
        #expect(PollTimeout.waiting(.milliseconds(5)) == 5)
        #expect(PollTimeout.waiting(.seconds(2)) == 2000)
    }

    @Test func farDeadlinesClampToTheLongestPoll() {
        #expect(PollTimeout.waiting(.seconds(3 * 86_400)) == 259_200_000)
        #expect(PollTimeout.waiting(.seconds(Int64(Int32.max) / 1000 + 1)) == Int32.max)
        #expect(PollTimeout.waiting(.seconds(Int64.max)) == Int32.max)
    }

    @Test func untilMeasuresFromNow() {
        let now = ContinuousClock.now
        #expect(PollTimeout.until(now + .milliseconds(7), now: now) == 7)
        #expect(PollTimeout.until(now + .microseconds(7001), now: now) == 8)
        #expect(PollTimeout.until(now, now: now) == 0)
        #expect(PollTimeout.until(now - .seconds(1), now: now) == 0)
    }
}

/// The one Duration → milliseconds conversion.
@Suite struct DurationMillisecondsTests {
    @Test func keepsTheFraction() {
        #expect(Duration.microseconds(1500).milliseconds == 1.5)
        #expect(Duration.seconds(2).milliseconds == 2000)
        #expect(Duration.zero.milliseconds == 0)
        #expect(Duration.nanoseconds(1).milliseconds == 0.000001)
    }

    @Test func negativeDurationsAreNegative() {
        #expect(Duration.milliseconds(-1500).milliseconds == -1500)
        #expect(Duration.microseconds(-1500).milliseconds == -1.5)
    }

    @Test func hugeDurationsStayFinite() {
        let huge = Duration.seconds(Int64.max).milliseconds
        #expect(huge.isFinite)
        #expect(huge == Double(Int64.max) * 1000)
    }
}
