import Foundation

extension Binary {
    /// Where the binary's standard output goes in ``run(_:stdout:)``.
    public enum Stdout: String, CaseIterable, Sendable {
        /// A pipe whose reader is gone (`| head -1` after head exits): writes fail with EPIPE.
        case closedPipe
        /// `/dev/full`: writes fail with ENOSPC.
        case full
        /// File descriptor 1 closed (`>&-`).
        case closed
    }

    /// Runs to completion with stdout as `stdout` (stderr captured), on a thread of its own.
    public func run(_ arguments: [String], stdout: Stdout) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    let process = Process()
                    process.environment = environment
                    var keep: [FileHandle] = []
                    switch stdout {
                    case .closedPipe:
                        let pipe = Pipe()
                        try pipe.fileHandleForReading.close()
                        process.executableURL = url
                        process.arguments = arguments
                        process.standardOutput = pipe.fileHandleForWriting
                        keep.append(pipe.fileHandleForWriting)
                    case .full:
                        let full = try FileHandle(forWritingTo: URL(filePath: "/dev/full"))
                        process.executableURL = url
                        process.arguments = arguments
                        process.standardOutput = full
                        keep.append(full)
                    case .closed:
                        process.executableURL = URL(filePath: "/bin/sh")
                        process.arguments = ["-c", #"exec "$0" "$@" >&-"#, url.path] + arguments
                    }
                    let stderr = Pipe()
                    process.standardError = stderr
                    process.standardInput = FileHandle.nullDevice
                    try process.run()
                    for handle in keep { try? handle.close() }
                    let err = stderr.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return Result(status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus,
                                  stdout: "", stderr: String(decoding: err, as: UTF8.self))
                })
            }.start()
        }
    }

    /// Runs `command` (an executable path and its arguments, e.g. a shell running this binary) with
    /// this binary's environment, to completion, on a thread of its own.
    public func run(command: [String], environment extra: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    let process = Process()
                    process.executableURL = URL(filePath: command[0])
                    process.arguments = Array(command.dropFirst())
                    process.environment = environment.merging(extra) { _, new in new }
                    let stdout = Pipe(), stderr = Pipe()
                    process.standardOutput = stdout
                    process.standardError = stderr
                    process.standardInput = FileHandle.nullDevice
                    try process.run()
                    let err = Thread.detachedRead(stderr.fileHandleForReading)
                    let out = stdout.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                  stderr: String(decoding: err(), as: UTF8.self))
                })
            }.start()
        }
    }

    /// Reads `stdout` line by line (off the pool) until `done` says so; returns the lines.
    public static func readLines(_ stdout: Pipe, seconds: Double = 40, until done: @escaping @Sendable ([String]) -> Bool) async throws -> [String] {
        try await Tmux.offPool {
            var text = ""
            let deadline = Date().addingTimeInterval(seconds)
            let handle = stdout.fileHandleForReading
            while Date() < deadline {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
                let lines = text.split(separator: "\n").map(String.init)
                if done(lines) { return lines }
            }
            return text.split(separator: "\n").map(String.init)
        }
    }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; the returned function waits for the data.
    public static func detachedRead(_ handle: FileHandle) -> () -> Data {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var data = Data()
        Thread {
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
        return {
            done.wait()
            return data
        }
    }

}
