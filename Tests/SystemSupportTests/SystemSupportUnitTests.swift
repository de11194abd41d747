import Glibc
import SystemSupport
import Testing

@Suite struct SelfPipeTests {
    @Test func wakeBytesArriveInOrderAndDrainEmptiesThePipe() throws {
        let pipe = try SelfPipe()
        #expect(pipe.drain().isEmpty)
        pipe.wake()
        pipe.wake(7)
        #expect(try Poller.wait(for: [.readable(pipe.readFD)], until: .now) == [.readable])
        #expect(pipe.drain() == [1, 7])
        #expect(try Poller.wait(for: [.readable(pipe.readFD)], until: .now) == [[]])
    }

    @Test func endsAreNonBlockingAndCloseOnExec() throws {
        let pipe = try SelfPipe()
        for fd in [pipe.readFD, pipe.writeFD] {
            #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
            #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
        }
        // A full pipe drops wakes instead of blocking the writer.
        for _ in 0..<100_000 { pipe.wake() }
        #expect(pipe.drain().count > 0)
    }
}

@Suite struct BacktracerSettingsTests {
    @Test func missingSettingsAreAddedAndInteractiveIsAlwaysNo() {
        #expect(Backtracer.settings(adding: nil)
            == "interactive=no,color=no,output-to=stderr,symbolicate=fast,images=mentioned,registers=none")
        let user = "enable=yes,interactive=yes,output-to=/tmp/crashes,symbolicate=yes"
        #expect(Backtracer.settings(adding: user)
            == "enable=yes,interactive=no,output-to=/tmp/crashes,symbolicate=yes,color=no,images=mentioned,registers=none")
    }

    @Test func completeSettingsAreLeftAsTheyAre() {
        let complete = Backtracer.settings(adding: nil)
        #expect(Backtracer.settings(adding: complete) == complete)
        #expect(Backtracer.settings(adding: "") == complete)
    }

    /// The runtime applies every pair in turn (the last `interactive` wins), so each one becomes no;
    /// keys are trimmed, empty pairs dropped, values kept as written. The executable's
    /// pre-initialisation compares its result with itself, so applying it twice must change nothing.
    @Test func everyInteractiveKeyBecomesNoAndASecondPassChangesNothing() {
        let odd = " enable = yes,,interactive,output-to=/tmp/a=b,interactive=yes"
        let once = Backtracer.settings(adding: odd)
        #expect(once == "enable= yes,interactive=no,output-to=/tmp/a=b,interactive=no,color=no,symbolicate=fast,images=mentioned,registers=none")
        #expect(Backtracer.settings(adding: once) == once)
        let long = (0..<100).map { "key\($0)=\(String(repeating: "v", count: 20))" }.joined(separator: ",")
        #expect(Backtracer.settings(adding: long) == long + ",interactive=no,color=no,output-to=stderr,symbolicate=fast,images=mentioned,registers=none")
    }
}

@Suite struct CrashCleanupTests {
    @Test func registeredPathsListFilesBeforeDirectoriesAndUnregisterForgets() {
        let directory = "/tmp/crash-cleanup-test-\(getpid())"
        CrashCleanup.register(directory: directory)
        CrashCleanup.register(file: directory + "/a")
        CrashCleanup.register(file: directory + "/b")
        let mine = CrashCleanup.registered.filter { $0.hasPrefix(directory) }
        #expect(mine.last == directory)
        #expect(Set(mine.dropLast()) == [directory + "/a", directory + "/b"])
        for path in mine { CrashCleanup.unregister(path) }
        #expect(!CrashCleanup.registered.contains { $0.hasPrefix(directory) })
    }
}
