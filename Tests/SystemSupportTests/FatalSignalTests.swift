import Foundation
import Glibc
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

        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--filter", "fatalChild", "--testing-library", "swift-testing"]
        var environment = ProcessInfo.processInfo.environment
        environment["FATAL_CHILD"] = "\(signal)"
        environment["FATAL_DIR"] = directory.path
        environment["FATAL_LOG"] = log.path
        process.environment = environment
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let output = try await Self.runOffPool(process, stdout)

        #expect(process.terminationReason == .uncaughtSignal, "\(output)")
        #expect(process.terminationStatus == (signal == 0 ? SIGSEGV : signal))
        #expect(!FileManager.default.fileExists(atPath: file.path), "registered file removed")
        #expect(!FileManager.default.fileExists(atPath: directory.path), "registered directory removed")
        #expect(output.contains("RESCUED-TERMINAL"), "terminal rescue ran: \(output)")
        #expect(!output.contains("STILL-ALIVE"))
        let logText = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(logText.contains("Backtracing"), "the backtracer wrote to stderr, now the crash log: \(logText)")
    }

    /// Runs only in the child.
    @Test(.enabled(if: child != nil))
    func fatalChild() throws {
        let environment = ProcessInfo.processInfo.environment
        let signal = Int32(environment["FATAL_CHILD"]!)!
        let directory = environment["FATAL_DIR"]!
        Signals.installFatalHandler(crashLog: environment["FATAL_LOG"]!, deadline: 5)
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

    /// Waits for the child to exit (killing it after 60 s), then reads what it wrote without waiting
    /// for end-of-file: a process another test spawns meanwhile may inherit the pipe's write end and
    /// keep it open long after the child is gone.
    static func runOffPool(_ process: Process, _ stdout: Pipe) async throws -> String {
        try process.run()
        return await withCheckedContinuation { continuation in
            Thread {
                let fd = stdout.fileHandleForReading.fileDescriptor
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                var data = Data()
                var buffer = [UInt8](repeating: 0, count: 65536)
                func readAvailable() {
                    while true {
                        let count = read(fd, &buffer, buffer.count)
                        if count <= 0 { return }
                        data.append(contentsOf: buffer[0..<count])
                    }
                }
                let deadline = Date().addingTimeInterval(60)
                while process.isRunning && Date() < deadline {
                    readAvailable()
                    usleep(20_000)
                }
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                readAvailable()
                continuation.resume(returning: String(decoding: data, as: UTF8.self))
            }.start()
        }
    }
}
