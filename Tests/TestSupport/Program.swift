import Foundation

/// A program a test runs to its end (make, readelf, a script of the repository), and the
/// repository it runs in.
public enum Program {
    /// The repository: Tests/TestSupport/Program.swift -> <repo>.
    public static let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What a program said and how it ended.
    public struct Output: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// Runs a program to its end on a thread of its own (never on the cooperative pool).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           directory: URL? = nil) async throws -> Output {
        try await Tmux.offPool {
            let process = Process()
            process.executableURL = URL(filePath: executable)
            process.arguments = arguments
            if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
            if let directory { process.currentDirectoryURL = directory }
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let (outData, errData) = Binary.readToEnd(out, err)
            process.waitUntilExit()
            return Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                          stderr: String(decoding: errData, as: UTF8.self))
        }
    }
}
