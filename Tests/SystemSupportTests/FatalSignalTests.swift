import Foundation
import Glibc
import Synchronization
import SystemSupport
import Testing

/// The fatal path in a child process (this test binary run again with FATAL_CHILD set): it installs
/// the handler, registers a private file and directory, arms the terminal rescue with a marker, and
/// sends itself the signal the way `kill -SEGV` would, or (0) dereferences a bad pointer. The
/// parent checks how the child ended.
@Suite(.serialized) struct FatalSignalTests {
    static let child = ProcessInfo.processInfo.environment["FATAL_CHILD"]

    @Test(.enabled(if: child == nil && FileManager.default.fileExists(atPath: "/proc/self/exe")), arguments: [SIGSEGV, SIGABRT, 0])
    func aFatalSignalCleansUpAndKillsWithThatSignal(signal: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fatal-\(getpid())-\(signal)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("private.m3u8")
        try Data("#EXTM3U\n".utf8).write(to: file)
        let log = directory.deletingLastPathComponent().appendingPathComponent("fatal-\(getpid())-\(signal).log")
        defer { try? FileManager.default.removeItem(at: directory); try? FileManager.default.removeItem(at: log) }

        var environment = ProcessInfo.processInfo.environment
        environment["FATAL_CHILD"] = "\(signal)"
        environment["FATAL_DIR"] = directory.path
        environment["FATAL_LOG"] = log.path
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = try await Self.runOffPool(executable, ["--filter", "fatalChild", "--testing-library", "swift-testing"],
                                              environment: environment)
        let output = child.output

        #expect(child.signal == (signal == 0 ? SIGSEGV : signal), "killed by the signal: \(child) \(output)")
        #expect(!FileManager.default.fileExists(atPath: file.path), "registered file removed")
        #expect(!FileManager.default.fileExists(atPath: directory.path), "registered directory removed")
        #expect(output.contains("RESCUED-TERMINAL"), "terminal rescue ran: \(output)")
        #expect(!output.contains("STILL-ALIVE"))
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(logText.contains("Backtracing"), "the backtracer wrote to stderr, now the crash log: \(logText)")
    }

    /// The watchdog ends the process while Swift's backtracer is still at work (here made slow:
    /// full symbolication of this large test binary; the deadline 300 ms): the backtracer goes too,
    /// and the log says why the backtrace stops short. It used to be left
    /// behind, blocked forever on its socket to the dead process and holding the child's stdout
    /// (a caller reading to the end hung; in the TUI, the terminal stayed open in a stray process).
    @Test(.enabled(if: child == nil && FileManager.default.fileExists(atPath: "/proc/self/exe")))
    func aBacktracerStillRunningAtTheDeadlineEndsWithTheProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fatal-slow-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("crash.log")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["FATAL_CHILD"] = "\(SIGSEGV)"
        environment["FATAL_DIR"] = directory.appendingPathComponent("private").path
        environment["FATAL_LOG"] = log.path
        environment["FATAL_DEADLINE_MS"] = "300"
        environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,output-to=stderr,symbolicate=full,cache=no,threads=all,images=all,registers=all,limit=none,sanitize=no"
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // A busy machine, where the backtracer was caught mid-way (on an idle one it often finished
        // or gave up in time): three spinning threads for the child's life.
        let busy = Atomic<Bool>(true)
        for _ in 0..<3 { Thread { while busy.load(ordering: .relaxed) {} }.start() }
        let child = try await Self.runOffPool(executable, ["--filter", "fatalChild", "--testing-library", "swift-testing"],
                                              environment: environment)
        busy.store(false, ordering: .relaxed)
        #expect(child.signal == SIGSEGV, "\(child) \(child.output)")
        #expect(child.outputClosed, "no process of the child's is left holding its stdout (the backtracer)")
        // 300 ms is far less than full symbolication of this binary takes: the watchdog ended it, and says so.
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(logText.contains("the backtracer had not finished by the deadline"), "\(logText.suffix(500))")
    }

    /// Runs only in the child.
    @Test(.enabled(if: child != nil))
    func fatalChild() throws {
        let environment = ProcessInfo.processInfo.environment
        let signal = Int32(environment["FATAL_CHILD"]!)!
        let directory = environment["FATAL_DIR"]!
        Signals.installFatalHandler(crashLog: environment["FATAL_LOG"]!, deadline: .milliseconds(Int(environment["FATAL_DEADLINE_MS"] ?? "5000") ?? 5000))
        CrashCleanup.register(directory: directory)
        CrashCleanup.register(file: directory + "/private.m3u8")
        TerminalRescue.arm(resetBytes: Array("RESCUED-TERMINAL\n".utf8), stderrCopy: -1)
        if signal == 0 {
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1   // a real fault
        } else {
            kill(getpid(), signal)
        }
        // The backtracer's thread suspension interrupts sleeps: wait out the full time.
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline { usleep(100_000) }
        print("STILL-ALIVE")
    }

    /// What a child left: the signal that ended it (nil: it exited or was still running after 60 s)
    /// and what it wrote to standard output.
    struct Ended: CustomStringConvertible {
        var signal: Int32?
        var output: String
        /// Its stdout reached end-of-file within 5 s of the child's end: nothing else holds it.
        var outputClosed = false
        var description: String { "signal \(signal.map(String.init) ?? "none")" }
    }

    /// Spawns the child itself (posix_spawn, its own pipe, waitpid with WNOHANG) on a thread off the
    /// cooperative pool: no Foundation `Process`, whose exit monitoring and end-of-file wait can
    /// hang when many other tests spawn processes at the same time. Killed after 60 s.
    static func runOffPool(_ executable: String, _ arguments: [String], environment: [String: String]) async throws -> Ended {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                // Close-on-exec at once: processes other tests spawn meanwhile must not inherit
                // the write end (the child gets it as its stdout through dup2).
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0 else { return continuation.resume(throwing: POSIXError(.EMFILE)) }
                _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
                _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
                let argv = ([executable] + arguments).map { strdup($0) } + [nil]
                let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
                var pid: pid_t = 0
                let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
                posix_spawn_file_actions_destroy(&actions)
                argv.forEach { free($0) }
                envp.forEach { free($0) }
                close(fds[1])
                guard spawned == 0 else {
                    close(fds[0])
                    return continuation.resume(throwing: POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL))
                }
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 65536)
                func readAvailable() {
                    while true {
                        let count = read(fds[0], &buffer, buffer.count)
                        if count <= 0 { return }
                        data.append(contentsOf: buffer[0..<count])
                    }
                }
                var status: Int32 = 0
                let deadline = Date().addingTimeInterval(60)
                var reaped = false
                while !reaped {
                    readAvailable()
                    reaped = waitpid(pid, &status, WNOHANG) == pid
                    if !reaped {
                        if Date() > deadline { kill(pid, SIGKILL) }
                        usleep(20_000)
                    }
                }
                readAvailable()
                var closed = false
                let closing = Date().addingTimeInterval(5)
                while !closed, Date() < closing {
                    let count = read(fds[0], &buffer, buffer.count)
                    if count > 0 { data.append(contentsOf: buffer[0..<count]) }
                    closed = count == 0
                    if count < 0 { usleep(20_000) }
                }
                close(fds[0])
                let termSignal = status & 0x7f
                let signal: Int32? = termSignal != 0 && termSignal != 0x7f ? termSignal : nil
                continuation.resume(returning: Ended(signal: signal, output: String(decoding: data, as: UTF8.self), outputClosed: closed))
            }.start()
        }
    }
}
