import DemoBackend
import Foundation
import SystemSupport

/// Runs the built `eventplayer` binary (next to the test bundle) with its own XDG directories.
public struct Binary: Sendable {
    public let url: URL
    public let home: URL

    public init() throws {
        let candidates = [
            ProcessInfo.processInfo.environment["EVENTPLAYER_BIN"].map { URL(filePath: $0) },
            URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "eventplayer"),
            Bundle.main.bundleURL.deletingLastPathComponent().appending(path: "eventplayer"),
            URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appending(path: ".build/debug/eventplayer"),
        ].compactMap { $0 }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw BinaryNotFound(looked: candidates.map(\.path))
        }
        url = found
        home = FileManager.default.temporaryDirectory.appending(path: "ep-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// A binary at `url` (an installed copy) with its own XDG directories, like ``init()``.
    public init(url: URL) throws {
        self.url = url
        home = FileManager.default.temporaryDirectory.appending(path: "ep-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// The binary at `url` with the XDG directories under `home`.
    public init(url: URL, home: URL) {
        self.url = url
        self.home = home
    }

    public struct BinaryNotFound: Error, CustomStringConvertible {
        public let looked: [String]
        public var description: String { "eventplayer binary not found (build it first); looked in \(looked)" }
    }

    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home.path
        env["XDG_STATE_HOME"] = home.appending(path: "state").path
        env["XDG_CONFIG_HOME"] = home.appending(path: "config").path
        // The demo media (made with ffmpeg on first use) is shared by every test, made once per
        // machine as for a user; a fresh cache per test made it a dozen times at once.
        env["XDG_CACHE_HOME"] = Self.sharedCache
        env.removeValue(forKey: "EVENTPLAYER_SERVER")
        env.removeValue(forKey: "EVENTPLAYER_PROFILE")
        return env
    }

    /// The cache of the user running the tests (`$XDG_CACHE_HOME`, else `~/.cache`).
    public static let sharedCache: String = {
        let env = ProcessInfo.processInfo.environment
        if let xdg = env["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg }
        return (env["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSTemporaryDirectory()) + "/.cache"
    }()

    /// What a tmux pane running this binary needs on top of the server's environment.
    public var paneEnvironment: [String: String] {
        environment.filter { ["HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "PATH", "LANG", "LC_ALL"].contains($0.key) }
    }

    /// Starts the binary with stdout to a pipe; the caller signals and waits. `extra` is added to
    /// ``environment``, the variables named in `removing` are taken out of it.
    public func start(_ arguments: [String], environment extra: [String: String] = [:],
               removing: [String] = []) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }.filter { !removing.contains($0.key) }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, stdout)
    }

    /// The first line a process from ``start(_:environment:removing:)`` writes (read off the
    /// cooperative pool), or what it wrote before closing stdout without one.
    public func firstLine(_ stdout: Pipe) async throws -> String {
        try await Tmux.offPool {
            var text = ""
            while !text.contains("\n") {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            return text
        }
    }

    /// Waits (on a thread of its own) for a process from ``start(_:environment:removing:)``; returns its stdout.
    public func finish(_ process: Process, _ stdout: Pipe) async -> String {
        await withCheckedContinuation { continuation in
            Thread {
                let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                continuation.resume(returning: text)
            }.start()
        }
    }

    /// Signs this binary's session in to the demo backend at `server`.
    public func login(_ server: URL) async throws -> Result {
        try await run(["login", "--server", server.absoluteString, "--email", "demo@eventplayer.dev", "--password-stdin"],
                      input: "demo-password\n")
    }

    /// Signs this binary's session in to the demo's Frigate flavour at `server` as its admin.
    public func loginFrigate(_ server: URL) async throws -> Result {
        try await run(["login", "--server", server.absoluteString, "--user", DemoAccount.frigateUser, "--password-stdin"],
                      input: DemoAccount.frigatePassword + "\n")
    }

    /// Runs to completion with `input` on stdin, waiting on a thread of its own so the test does
    /// not hold one of the few cooperative threads the in-process demo backend needs.
    public func run(_ arguments: [String], input: String = "", environment extra: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result { try runBlocking(arguments, input: input, environment: extra) })
            }.start()
        }
    }

    private func runBlocking(_ arguments: [String], input: String, environment extra: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        process.environment = environment.merging(extra) { _, new in new }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let (out, err) = Self.readToEnd(stdout, stderr)
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                      stderr: String(decoding: err, as: UTF8.self))
    }

    /// Reads a child's standard output and error to their ends at once (stderr on a thread of its
    /// own): read one after the other, a child that fills the second pipe while the first is read
    /// to its end waits forever, and so does the test.
    public static func readToEnd(_ stdout: Pipe, _ stderr: Pipe) -> (stdout: Data, stderr: Data) {
        let err = Locked(Data())
        let done = DispatchSemaphore(value: 0)
        Thread {
            err.value = stderr.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        return (out, err.value)
    }
}
