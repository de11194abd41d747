import Foundation

extension Binary {
    /// Where the binary's standard output goes in ``run(_:stdout:)``.
    enum Stdout: String, CaseIterable, Sendable {
        /// A pipe whose reader is gone (`| head -1` after head exits): writes fail with EPIPE.
        case closedPipe
        /// `/dev/full`: writes fail with ENOSPC.
        case full
        /// File descriptor 1 closed (`>&-`).
        case closed
    }

    /// Runs to completion with stdout as `stdout` (stderr captured), on a thread of its own.
    func run(_ arguments: [String], stdout: Stdout) async throws -> Result {
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
}
