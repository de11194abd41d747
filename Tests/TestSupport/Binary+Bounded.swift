import Foundation
import Glibc
import SystemSupport

extension Binary {
    /// ``run(_:input:environment:)`` with a hang guard: the process is killed (SIGKILL) when it is
    /// still running after `seconds`; `killed` says so. Waits on a thread of its own.
    public func run(_ arguments: [String], killAfter seconds: Double,
             environment extra: [String: String] = [:]) async throws -> (result: Result, killed: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result {
                    let process = Process()
                    process.executableURL = url
                    process.arguments = arguments
                    process.environment = environment.merging(extra) { _, new in new }
                    let stdout = Pipe(), stderr = Pipe()
                    process.standardInput = FileHandle.nullDevice
                    process.standardOutput = stdout
                    process.standardError = stderr
                    try process.run()
                    let killed = Locked(false)
                    let pid = process.processIdentifier
                    let guardTimer = DispatchWorkItem {
                        killed.value = true
                        kill(pid, SIGKILL)
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: guardTimer)
                    let err = Locked<Data?>(nil)
                    Thread { err.value = stderr.fileHandleForReading.readDataToEndOfFile() }.start()
                    let out = stdout.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    guardTimer.cancel()
                    while err.value == nil { usleep(1000) }
                    return (Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                                   stderr: String(decoding: err.value ?? Data(), as: UTF8.self)), killed.value)
                })
            }.start()
        }
    }
}
