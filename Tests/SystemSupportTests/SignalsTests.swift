import Foundation
import Glibc
import Synchronization
import SystemSupport
import Testing

@Suite(.serialized) struct SignalsTests {
    @Test func relayedSignalsArriveAsBytes() throws {
        let pipe = try Signals.relay([SIGUSR1])
        defer { Signals.restoreDefault([SIGUSR1]) }
        _ = Signals.received(pipe)
        kill(getpid(), SIGUSR1)   // process-directed: pool threads block SIGUSR1
        #expect(try Poller.wait(for: [.readable(pipe.readFD)], until: .now + .seconds(5)) == [.readable])
        #expect(Signals.received(pipe) == [SIGUSR1])
        #expect(try Signals.relay([]) === pipe, "one relay pipe per process")
    }

    @Test func waitForTerminationReturnsTheSignalAndTheProcessLives() async throws {
        // The handler goes in first, here: a SIGUSR2 before it would terminate the whole test
        // process (its default action), and the wait's own task may start late on a busy pool.
        _ = try Signals.relay([SIGUSR2])
        async let received = Signals.waitForTermination([SIGUSR2])
        // Send until it is seen, then stop sending before SIGUSR2 gets its default action back.
        let stop = StopFlag()
        async let sender: Void = withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                while !stop.value.load(ordering: .acquiring) {
                    usleep(100_000)
                    kill(getpid(), SIGUSR2)
                }
                done.resume()
            }.start()
        }
        #expect(try await received == SIGUSR2)
        stop.value.store(true, ordering: .releasing)
        await sender
        // SIGUSR2 stays relayed: the sender's last kill may still be pending (its thread blocks
        // SIGUSR2, so another thread takes it later), and with the default action back it would
        // kill the test process (seen: "exited with unexpected signal code 12").
    }
}

final class StopFlag: Sendable {
    let value = Atomic<Bool>(false)
}
