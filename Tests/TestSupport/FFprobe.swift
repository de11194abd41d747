import Foundation

/// What `ffprobe` reads in a media file (container, duration, stream types and video width), and
/// ffprobe or ffmpeg run off the cooperative pool.
public struct FFprobe: Sendable {
    public let formatName: String
    public let duration: Double
    public let streamTypes: [String]
    public let width: Int?
    public var height: Int? = nil
    /// `start_time` of the first stream of each type (`video`, `audio`).
    public var startTimes: [String: Double] = [:]

    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs ffprobe on a thread of its own (never on the cooperative pool).
    public static func probe(_ file: URL) async throws -> FFprobe {
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(filePath: "/usr/bin/env")
                    process.arguments = ["ffprobe", "-v", "error", "-show_entries", "format=duration,format_name:stream=codec_type,width,height,start_time",
                                         "-of", "json", file.path]
                    let out = Pipe()
                    process.standardOutput = out
                    process.standardError = FileHandle.nullDevice
                    try process.run()
                    let data = out.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    guard process.terminationStatus == 0 else { throw Failed(description: "ffprobe cannot read \(file.path)") }
                    return data
                })
            }.start()
        }
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let format = json["format"] as? [String: Any] ?? [:]
        let streams = json["streams"] as? [[String: Any]] ?? []
        return FFprobe(formatName: format["format_name"] as? String ?? "",
                       duration: Double(format["duration"] as? String ?? "") ?? 0,
                       streamTypes: streams.compactMap { $0["codec_type"] as? String }.sorted(),
                       width: streams.compactMap { $0["width"] as? Int }.first,
                       height: streams.compactMap { $0["height"] as? Int }.first,
                       startTimes: streams.reversed().reduce(into: [:]) { starts, stream in
                           if let type = stream["codec_type"] as? String, let start = Double(stream["start_time"] as? String ?? "") {
                               starts[type] = start
                           }
                       })
    }

    /// ffprobe's path, nil where it is not installed.
    public static let path = ["/usr/bin/ffprobe", "/usr/local/bin/ffprobe", "/opt/homebrew/bin/ffprobe"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs ffprobe without blocking a cooperative thread (the server in this process needs them).
    public static func run(_ arguments: [String]) async throws -> String {
        try await runTool(path!, ["-rw_timeout", "10000000"] + arguments)
    }

    /// Runs a tool (ffprobe, ffmpeg) off the cooperative pool, without standard input; its output
    /// and errors together.
    public static func runTool(_ path: String, _ arguments: [String]) async throws -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).txt")
        try Data().write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        try handle.close()
        return try String(contentsOf: log, encoding: .utf8)
    }
}
