import Foundation

/// What `ffprobe` reads in a media file: container, duration, stream types and video width.
struct FFprobe {
    let formatName: String
    let duration: Double
    let streamTypes: [String]
    let width: Int?
    var height: Int? = nil
    /// `start_time` of the first stream of each type (`video`, `audio`).
    var startTimes: [String: Double] = [:]

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs ffprobe on a thread of its own (never on the cooperative pool).
    static func probe(_ file: URL) async throws -> FFprobe {
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
}
