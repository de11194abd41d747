import Foundation
import Glibc
import SystemSupport
import Testing

@Suite(.serialized) struct SignalsTests {
    @Test func relayedSignalsArriveAsBytes() throws {
        let pipe = try Signals.relay([SIGUSR1])
        defer { Signals.restoreDefault([SIGUSR1]) }
        _ = Signals.received(pipe)
        kill(getpid(), SIGUSR1)   // process-directed: pool threads block SIGUSR1
        var fds = [pollfd(fd: pipe.readFD, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 5000) == 1)
        #expect(Signals.received(pipe) == [SIGUSR1])
        #expect(try Signals.relay([]) === pipe, "one relay pipe per process")
    }

    @Test func waitForTerminationReturnsTheSignalAndTheProcessLives() async throws {
        defer { Signals.restoreDefault([SIGUSR2]) }
        async let received = Signals.waitForTermination([SIGUSR2])
        // The handler is installed before the wait starts polling; raise until it is seen.
        let raiser = Thread {
            for _ in 0..<50 {
                usleep(100_000)
                kill(getpid(), SIGUSR2)
            }
        }
        raiser.start()
        #expect(try await received == SIGUSR2)
    }
}
