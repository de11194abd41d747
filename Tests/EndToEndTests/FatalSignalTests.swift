import DemoBackend
import Foundation
import Glibc
import TestSupport
import Testing

/// A fatal signal (here `kill -SEGV`, as a crash in libmpv would send) ends
/// eventplayer with that signal (within 1.5 s: the watchdog; `make bench-crash` measures it, the test only bounds it), removes the playback's private files (the
/// rewritten playlist holds the media token), writes the backtrace to the log, never prompts, and
/// the next run removes what a killed run left behind.
@Suite("a fatal signal ends eventplayer with that signal and removes its private files", .serialized, .machineShare)
struct FatalSignalTests {
    @Test(.timeLimit(.minutes(2)))
    func sigsegvDuringPlayKillsWithSIGSEGVAndRemovesThePrivateFiles() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let runtime = binary.home.appending(path: "runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        // Segments trickle in, so the playback is still running when the signal arrives.
        await server.faults.delay(seconds: 1.5, pathPrefix: "/media/30-days/evt-endlist/segment")
        let (process, stdout) = try binary.start(["play", "evt-endlist", "--server", server.baseURL.absoluteString,
                                                  "--video", "none", "--no-audio", "--network", "direct"],
                                                 environment: ["XDG_RUNTIME_DIR": runtime.path])
        let exit = Self.exitWatch(process)
        _ = try await Tmux.offPool {
            try Tmux.poll("a private playlist while playing") {
                let directories = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
                let files = directories.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: runtime.appending(path: $0).path)) ?? [] }
                return files.contains { $0.hasSuffix(".m3u8") } ? "yes" : "no"
            } _: { $0 == "yes" }
        }
        let sent = ContinuousClock.now
        kill(process.processIdentifier, SIGSEGV)
        let exited = await exit.value
        let output = await binary.finish(process, stdout)
        #expect(process.terminationReason == .uncaughtSignal, "\(output)")
        #expect(process.terminationStatus == SIGSEGV)
        // A hang guard, not a timing assertion: a backtracer left waiting at a prompt or on its
        // socket would hold the process for ever (the watchdog ends it 1.3 s after the signal).
        #expect(exited - sent < .seconds(30), "gone \(exited - sent) after the signal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty, "private files removed")
        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(log.contains("Backtracing"), "the backtrace is in the log")
        #expect(!log.contains("Press space"))
        // Outside a terminal the backtracer has our settings when the executable's pre-initialisation
        // could place them (stderr), else its defaults (stdout, no re-exec there); the fatal path
        // points both at the log, so nothing reaches the next program's input.
        #expect(!output.contains("Backtracing") && !output.contains("Thread 0"), "the backtrace went to stdout: \(output.prefix(300))")
    }

    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func sigsegvInTheTUIRestoresTheTerminalAndDiesWithoutAPrompt() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-fatal-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let dir = binary.home.path
        let runtime = binary.home.appending(path: "runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        var environment = binary.paneEnvironment
        environment["XDG_RUNTIME_DIR"] = runtime.path
        // A shell's SHLVL, whose slot the executable's pre-initialisation borrows to give the
        // backtracer its settings without a re-exec (Sources/CEarlyStart).
        environment["SHLVL"] = "1"
        // stderr stays the terminal: a backtracer prompt would show there.
        let script = """
        unset EVENTPLAYER_SERVER DISPLAY WAYLAND_DISPLAY SWIFT_BACKTRACE; stty -a > \(dir)/stty.before; \
        sh -c 'echo $$ > \(dir)/pid; exec "$0" --video none --no-audio --network direct' '\(binary.url.path)'; \
        echo "EXIT=$?"; stty -a > \(dir)/stty.after; sleep 60
        """
        pane.start(columns: 100, rows: 30, environment: environment, command: script)
        let (screen, name, initialEnvironment) = try await Tmux.offPool { () throws -> (String, String, String) in
            try pane.waitFor(" loaded")
            try pane.filterToTheLiveEvent()
            pane.keys("Enter")
            try pane.waitUntil("Playing past 0:01") { $0.contains("▶ Playing") && (ScreenReading.sliderSeconds($0) ?? 0) >= 1 }
            let pid = pid_t(try String(contentsOfFile: dir + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))!
            let name = try String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            // The environment the process image started with (the kernel's copy of its strings).
            let initial = String(decoding: (try? Data(contentsOf: URL(filePath: "/proc/\(pid)/environ"))) ?? Data(), as: UTF8.self)
            kill(pid, SIGSEGV)
            return (try pane.waitFor("EXIT=", seconds: 10), name, initial)
        }
        #expect(name == "eventplayer", "the process name (ps, top, pgrep -x)")
        // No re-exec: an exec'd image would have started with the SWIFT_BACKTRACE the script unset.
        #expect(initialEnvironment.contains("SHLVL=1") && !initialEnvironment.contains("SWIFT_BACKTRACE="),
                "started once: \(initialEnvironment.split(separator: "\0").filter { $0.hasPrefix("SWIFT") || $0.hasPrefix("SHLVL") })")
        #expect(screen.contains("EXIT=139"), "killed by SIGSEGV (128 + 11):\n\(screen)")
        #expect(screen.contains("eventplayer: crashed; the backtrace is in"))
        #expect(!screen.contains("Press space"))
        #expect(!screen.contains("▶ Playing"), "the alternate screen was left")
        let before = try String(contentsOfFile: dir + "/stty.before", encoding: .utf8)
        let after = try String(contentsOfFile: dir + "/stty.after", encoding: .utf8)
        #expect(before.split(separator: "\n").dropFirst() == after.split(separator: "\n").dropFirst(), "tty modes restored")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty, "private files removed")
        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(log.contains("Backtracing"), "the backtrace is in the log")
        #expect(!log.contains("Press space"), "the backtracer was not interactive")
    }

    /// At a terminal, started with no variable whose slot the pre-initialisation could borrow
    /// (`env -i`, here with the loader's report and the paths the test needs), eventplayer starts
    /// once: it used to re-execute itself there to give the backtracer its settings. This debug
    /// build's shared runtime keeps the backtracer's defaults then (interactive at a terminal), and
    /// a crash still ends without a prompt, restores the terminal and writes the backtrace to the log.
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(1)))
    func atATerminalWithAnEmptyEnvironmentItStartsOnceAndACrashDoesNotPrompt() async throws {
        let binary = try Binary()
        let pane = try Tmux(socket: "ep-fatal-env-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let dir = binary.home.path
        let runtime = binary.home.appending(path: "runtime")
        let loader = binary.home.appending(path: "ld")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: loader, withIntermediateDirectories: true)
        var variables = binary.paneEnvironment
        variables["XDG_RUNTIME_DIR"] = runtime.path
        variables["TERM"] = "xterm-256color"
        variables["LD_DEBUG"] = "libs"
        variables["LD_DEBUG_OUTPUT"] = loader.appending(path: "ld").path
        // Paths without spaces or quotes: the assignments go inside the single-quoted script.
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        let script = """
        sh -c 'echo $$ > \(dir)/pid; exec env -i \(assignments) "$0" --video none --no-audio --network direct' '\(binary.url.path)'; \
        echo "EXIT=$?"; sleep 60
        """
        pane.start(columns: 100, rows: 30, environment: binary.paneEnvironment, command: script)
        let screen = try await Tmux.offPool { () throws -> String in
            try pane.waitFor(" loaded")
            let pid = pid_t(try String(contentsOfFile: dir + "/pid", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines))!
            kill(pid, SIGSEGV)
            return try pane.waitFor("EXIT=", seconds: 20)
        }
        #expect(screen.contains("EXIT=139"), "killed by SIGSEGV (128 + 11):\n\(screen)")
        #expect(!screen.contains("Press space"))
        var starts = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: loader.path) {
            let report = try String(contentsOf: loader.appending(path: file), encoding: .utf8)
            starts += report.split(separator: "\n").filter { $0.contains("calling init:") && $0.contains("/libc.so") }.count
        }
        #expect(starts == 1, "one start (libc initialised once per process image), not a re-exec: \(starts)")
        let log = try String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)
        #expect(log.contains("Backtracing"), "the backtrace is in the log")
    }

    /// The release build links the Swift runtime statically, and a static runtime looks for its
    /// crash helper beside the executable: the pre-initialisation names
    /// `<bin>/../libexec/eventplayer/swift-backtrace` when that file is there (make install puts the
    /// toolchain's there). Here the helper is a script that leaves a mark: the runtime ran it.
    @Test(.timeLimit(.minutes(1)))
    func aCrashRunsTheHelperBesideTheBinary() async throws {
        let binary = try Binary()
        let tree = binary.home.appending(path: "prefix")
        defer { try? FileManager.default.removeItem(at: binary.home) }
        let bin = tree.appending(path: "bin/eventplayer"), helper = tree.appending(path: "libexec/eventplayer/swift-backtrace")
        let mark = binary.home.appending(path: "helper-ran")
        try FileManager.default.createDirectory(at: bin.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: helper.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A hard link (a copy when the temporary directory is on another file system): /proc/self/exe
        // names it, so the helper is looked for in this tree.
        do { try FileManager.default.linkItem(at: binary.url, to: bin) } catch { try FileManager.default.copyItem(at: binary.url, to: bin) }
        try "#!/bin/sh\necho \"$@\" > '\(mark.path)'\n".write(to: helper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: helper.path)

        // SHLVL: the slot the pre-initialisation borrows.
        let (process, stdout) = try Binary(url: bin, home: binary.home).start(
            ["demo-server", "--port", "0", "--events", "3"], environment: ["SHLVL": "1"], removing: ["SWIFT_BACKTRACE"])
        let exit = Self.exitWatch(process)
        let first = try await binary.firstLine(stdout)
        #expect(first.contains("listening on"), "demo-server said: \(first)")
        kill(process.processIdentifier, SIGSEGV)
        _ = await exit.value
        #expect(process.terminationReason == .uncaughtSignal)
        let arguments = try String(contentsOf: mark, encoding: .utf8)
        // The runtime ran it for this crash, with our settings (not interactive, symbolicated fast).
        #expect(arguments.contains("--crashinfo "), "the helper's arguments: \(arguments)")
        #expect(arguments.contains("--interactive false") && arguments.contains("--symbolicate fast"), "\(arguments)")
    }

    @Test(.timeLimit(.minutes(1)))
    func theNextRunRemovesThePrivateDirectoryOfADeadProcess() async throws {
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        let binary = try Binary()
        try #require(try await binary.login(server.baseURL).status == 0)
        let runtime = binary.home.appending(path: "runtime")
        let dead = try await Self.deadPID()
        let stale = runtime.appending(path: "eventplayer-\(dead)-Ab12Cd")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
        try Data("#EXTM3U\n#EXTINF:2,\nhttp://h/s.ts?Authorization=secret\n".utf8).write(to: stale.appending(path: "0123abcd.m3u8"))
        let run = try await binary.run(["play", "evt-endlist", "--server", server.baseURL.absoluteString, "--video", "none",
                                        "--no-audio", "--frames", "1"], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: stale.path), "the dead process's directory is removed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty)
    }

    /// The PID of a process that has exited.
    static func deadPID() async throws -> pid_t {
        let process = Process()
        process.executableURL = URL(filePath: "/bin/true")
        try process.run()
        let watch = exitWatch(process)
        _ = await watch.value
        return process.processIdentifier
    }

    /// When `process` exits, measured on a thread of its own.
    static func exitWatch(_ process: Process) -> Task<ContinuousClock.Instant, Never> {
        Task {
            await withCheckedContinuation { continuation in
                Thread {
                    process.waitUntilExit()
                    continuation.resume(returning: ContinuousClock.now)
                }.start()
            }
        }
    }
}
