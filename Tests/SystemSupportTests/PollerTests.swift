import Foundation
import Glibc
import Synchronization
import SystemSupport
import Testing

/// Handler calls of the interrupting signal (an atomic add is async-signal-safe).
private let interruptions = Atomic<Int>(0)

@Suite struct PollerTests {
    /// A blocking pipe of our own (SelfPipe's ends are non-blocking; these tests close ends).
    final class Pipe {
        let readFD: Int32
        var writeFD: Int32
        init() throws {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { throw SystemCallError("pipe") }
            readFD = fds[0]
            writeFD = fds[1]
        }
        func write(_ byte: UInt8) { var value = byte; _ = Glibc.write(writeFD, &value, 1) }
        func closeWriter() { close(writeFD); writeFD = -1 }
        deinit { close(readFD); if writeFD >= 0 { close(writeFD) } }
    }

    @Test func answersWhichDescriptorIsReadableIndexForIndex() throws {
        let quiet = try Pipe(), talking = try Pipe()
        talking.write(1)
        let ready = try Poller.wait(for: [.readable(quiet.readFD), .readable(talking.readFD)], until: nil)
        #expect(ready == [[], [.readable]])
    }

    @Test func aWriteEndWithRoomIsWritableAndANegativeDescriptorIsIgnored() throws {
        let pipe = try Pipe()
        let ready = try Poller.wait(for: [.readable(-1), .writable(pipe.writeFD), .writable(-1)], until: nil)
        #expect(ready == [[], [.writable], []])
    }

    @Test func aPastDeadlineLooksWithoutWaiting() throws {
        let pipe = try Pipe()
        #expect(try Poller.wait(for: [.readable(pipe.readFD)], until: .now - .seconds(1)) == [[]])
        pipe.write(1)
        #expect(try Poller.wait(for: [.readable(pipe.readFD)], until: .now - .seconds(1)) == [.readable])
    }

    @Test func nothingReadyReturnsEmptyAndNotBeforeTheDeadline() throws {
        let pipe = try Pipe()
        let deadline = ContinuousClock.now + .milliseconds(30)
        let ready = try Poller.wait(for: [.readable(pipe.readFD)], until: deadline)
        #expect(ready == [[]])
        #expect(ContinuousClock.now >= deadline)
    }

    @Test func aClosedWriterIsAHangUpAfterTheLastBytes() throws {
        let pipe = try Pipe()
        pipe.write(7)
        pipe.closeWriter()
        let first = try Poller.wait(for: [.readable(pipe.readFD)], until: nil)[0]
        #expect(first.contains(.readable))
        #expect(first.isHangUpOrError)
        var byte: UInt8 = 0
        #expect(read(pipe.readFD, &byte, 1) == 1)
        let then = try Poller.wait(for: [.readable(pipe.readFD)], until: nil)[0]
        #expect(then == .hangUp)
        #expect(then.isHangUpOrError)
    }

    @Test func aClosedDescriptorIsInvalid() throws {
        let fd: Int32 = 900_000   // far above any descriptor this process opens
        #expect(fcntl(fd, F_GETFD) == -1)
        let ready = try Poller.wait(for: [.readable(fd)], until: .now + .seconds(5))[0]
        #expect(ready == .invalid)
        #expect(ready.isHangUpOrError)
        #expect(!Poller.Events.readable.isHangUpOrError)
    }

    /// A signal handled on the waiting thread interrupts `poll(2)` (EINTR, whatever SA_RESTART
    /// says); the wait goes on against the same deadline. SIGURG is ignored by default, so a signal
    /// arriving after its handler is gone harms nothing; the signal is sent to the waiting thread
    /// again and again until the wait returns, so at least one lands inside `poll`.
    @Test func aSignalOnTheWaitingThreadDoesNotEndTheWaitEarly() async throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        #expect(sigaction(SIGURG, &action, &previous) == 0)
        defer { sigaction(SIGURG, &previous, nil) }
        let pipe = try Pipe()
        let readFD = pipe.readFD
        let before = interruptions.load(ordering: .relaxed)

        let outcome = await withCheckedContinuation { (done: CheckedContinuation<(ready: [Poller.Events]?, early: Bool), Never>) in
            Thread {
                let waiter = Mutex<pthread_t?>(nil)
                let finished = Atomic<Bool>(false)
                let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
                let result = Mutex<(ready: [Poller.Events]?, early: Bool)>((nil, true))
                Thread {
                    var set = sigset_t()
                    sigemptyset(&set)
                    sigaddset(&set, SIGURG)
                    pthread_sigmask(SIG_UNBLOCK, &set, nil)
                    waiter.withLock { $0 = pthread_self() }
                    started.signal()
                    let deadline = ContinuousClock.now + .milliseconds(400)
                    let ready = try? Poller.wait(for: [.readable(readFD)], until: deadline)
                    result.withLock { $0 = (ready, ContinuousClock.now < deadline) }
                    finished.store(true, ordering: .releasing)
                    release.wait()   // the thread stays alive while signals may still be sent to it
                }.start()
                started.wait()
                let thread = waiter.withLock { $0! }
                while !finished.load(ordering: .acquiring) {
                    pthread_kill(thread, SIGURG)
                    usleep(20_000)
                }
                release.signal()
                done.resume(returning: result.withLock { $0 })
            }.start()
        }
        #expect(interruptions.load(ordering: .relaxed) > before, "the signal reached the waiting thread")
        #expect(outcome.ready == [[]], "the wait ended at its deadline with nothing ready, not with an error")
        #expect(!outcome.early, "the wait went on after the interruption")
    }
}
