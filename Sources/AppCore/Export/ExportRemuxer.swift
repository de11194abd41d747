import Foundation

/// Changes an export's container with the ffmpeg command line and stream copy (no re-encoding):
/// `ffmpeg -dts_delta_threshold 1 -i <part> -map 0:v? -map 0:a? -c copy -f mp4 -movflags +faststart <out>`.
///
/// The CLI rather than libavformat: ffmpeg is already a dependency (scripts/install-deps), a
/// remux is one short run at the end of an export so process start costs nothing that matters,
/// it needs no new C boundary or build-time headers, it is isolated (a crash or a hang in a
/// demuxer cannot take eventplayer down) and cancellable by a signal, and its stream-copy muxing
/// (AAC ADTS → ASC, H.264 Annex B → AVCC, timestamps) is the reference everyone tests against.
///
/// ```swift
/// try await ExportRemuxer().remux(part, to: output, format: .mp4)
/// ```
public struct ExportRemuxer: Sendable {
    /// The ffmpeg executable: a path, or a name looked up on `PATH`.
    public var executable: String

    public init(executable: String = "ffmpeg") {
        self.executable = executable
    }

    /// Remuxes `input` into `output` as `format`; cancelling the task stops ffmpeg.
    public func remux(_ input: URL, to output: URL, format: ExportFormat) async throws {
        guard let path = Self.locate(executable) else {
            throw ExportError("--format \(format.rawValue) needs ffmpeg, which is not installed (apt-get install ffmpeg)")
        }
        let process = Process()
        process.executableURL = URL(filePath: path)
        // A timestamp jump of more than a second (a restart after #EXT-X-DISCONTINUITY) is
        // made continuous: ffmpeg shifts what follows (MPEG-TS input; other inputs ignore it).
        var arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-dts_delta_threshold", "1", "-i", input.path,
                         "-map", "0:v?", "-map", "0:a?", "-c", "copy", "-f", format == .mp4 ? "mp4" : "mpegts"]
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        process.arguments = arguments + [output.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // Read while ffmpeg runs: a chatty one would fill the pipe and block before exiting.
        let drain = ChildOutputDrain(errors.fileHandleForReading)
        let status: Int32 = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do { try process.run() } catch { continuation.resume(throwing: error) }
            }
        } onCancel: {
            if process.isRunning { process.terminate() }
        }
        let message = await drain.text()
        if Task.isCancelled {
            try? FileManager.default.removeItem(at: output)
            throw CancellationError()
        }
        guard status == 0 else {
            try? FileManager.default.removeItem(at: output)
            let first = message.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
            throw ExportError("ffmpeg could not remux to \(format.rawValue): \(first)")
        }
    }

    static func locate(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
