import Glibc
import SystemSupport
import Testing

@Suite struct OneShotTests {
    struct Stopped: Error, Equatable {}

    @Test func theFirstResolutionWinsWhetherTheWaiterCameFirstOrNot() async throws {
        let early = OneShot<Int, Stopped>()
        #expect(early.resolve(1))
        #expect(!early.resolve(2))
        #expect(!early.resolve(.failure(Stopped())))
        #expect(try await early.value() == 1)

        let late = OneShot<Int, Stopped>()
        let waiter = Task { await late.result() }
        late.resolve(.failure(Stopped()))
        late.resolve(3)
        #expect(await waiter.value == .failure(Stopped()))
        await #expect(throws: Stopped.self) { try await late.value() }
    }

    @Test func aNeverFailingShotIsAwaitedWithoutTry() async {
        let shot = OneShot<String, Never>()
        Task { shot.resolve("ready") }
        let value: String = await shot.value()
        #expect(value == "ready")
    }
}

@Suite struct LockedTests {
    @Test func sharedWithEscapingClosuresAndUpdatedUnderTheLock() async {
        let count = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { count.withLock { $0 += 1 } } }
        }
        #expect(count.value == 100)
        count.value = 7
        #expect(count.withLock { $0 } == 7)
    }
}

@Suite struct MailboxTests {
    @Test func postsWakeTheLoopAndAreTakenOnceInOrder() throws {
        let wake = try SelfPipe()
        let texts = Mailbox<String>(wake: wake)
        let numbers = Mailbox<Int>(wake: wake)   // two mailboxes on one pipe
        #expect(try Poller.wait(for: [.readable(wake.readFD)], until: .now) == [[]])
        texts.post("a")
        numbers.post(1)
        texts.post("b")
        #expect(try Poller.wait(for: [.readable(wake.readFD)], until: .now) == [.readable])
        #expect(wake.drain().count == 3)
        #expect(texts.take() == ["a", "b"])
        #expect(numbers.take() == [1])
        #expect(texts.take().isEmpty)
        #expect(try Poller.wait(for: [.readable(wake.readFD)], until: .now) == [[]])
    }
}
