import Foundation

/// Changes an export's container with the ffmpeg command line and stream copy (no re-encoding):
/// `ffmpeg -dts_delta_threshold 1 -i <part> -map 0:v? -map 0:a? -c copy -f mp4 -movflags +faststart <out>`;
/// a separate audio rendition is a second input, a span of the same `.part`
/// (`-i subfile,,start,0,end,V,,:<part> -i subfile,,start,V,end,E,,:<part> -map 0:v -map 1:a`).
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

    /// What ffmpeg reads: a file, or a span of it, and which of its streams are kept.
    public struct Input: Sendable, Equatable {
        public enum Streams: Sendable, Equatable { case all, video, audio }
        public var file: URL
        /// Only these bytes (ffmpeg's `subfile` protocol), e.g. one rendition of the `.part`.
        public var bytes: Range<Int>?
        public var streams: Streams

        public init(file: URL, bytes: Range<Int>? = nil, streams: Streams = .all) {
            self.file = file
            self.bytes = bytes
            self.streams = streams
        }
    }

    /// Remuxes `input` into `output` as `format`; cancelling the task stops ffmpeg.
    public func remux(_ input: URL, to output: URL, format: ExportFormat) async throws {
        try await remux([Input(file: input)], to: output, format: format)
    }

    /// Remuxes `inputs` (their streams mapped in order: e.g. the video of one and the audio of
    /// another) into `output` as `format`; cancelling the task stops ffmpeg.
    /// `timestampsRestart`: the media has discontinuities, which ffmpeg makes continuous per input.
    public func remux(_ inputs: [Input], to output: URL, format: ExportFormat, timestampsRestart: Bool = false) async throws {
        guard let path = Self.locate(executable) else {
            throw ExportError("this export needs ffmpeg (to remux to \(format.rawValue) or join the streams), which is not installed (apt-get install ffmpeg)")
        }
        let process = Process()
        process.executableURL = URL(filePath: path)
        process.arguments = Self.arguments(inputs, output: output, format: format, timestampsRestart: timestampsRestart)
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

    /// The command line after the executable.
    static func arguments(_ inputs: [Input], output: URL, format: ExportFormat, timestampsRestart: Bool = false) -> [String] {
        // A timestamp jump of more than a second (a restart after #EXT-X-DISCONTINUITY) is
        // made continuous: ffmpeg shifts what follows (MPEG-TS input; other inputs ignore it).
        var arguments = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-dts_delta_threshold", "1"]
        // Renditions share one timeline (audio often starts a few frames before the video): keep
        // their timestamps (ffmpeg would start each input at 0 and shift the audio) and start the
        // file at 0. Not with discontinuities: ffmpeg corrects those only without -copyts.
        let aligns = inputs.count > 1 && !timestampsRestart
        if aligns { arguments.append("-copyts") }
        var maps: [String] = []
        for (index, input) in inputs.enumerated() {
            if let bytes = input.bytes {
                arguments += ["-protocol_whitelist", "file,subfile",
                              "-i", "subfile,,start,\(bytes.lowerBound),end,\(bytes.upperBound),,:\(input.file.path)"]
            } else {
                arguments += ["-i", input.file.path]
            }
            switch input.streams {
            case .all: maps += ["-map", "\(index):v?", "-map", "\(index):a?"]
            case .video: maps += ["-map", "\(index):v"]
            case .audio: maps += ["-map", "\(index):a"]
            }
        }
        arguments += maps + ["-c", "copy"]
        if aligns { arguments += ["-avoid_negative_ts", "make_zero"] }
        arguments += ["-f", format == .mp4 ? "mp4" : "mpegts"]
        if format == .mp4 { arguments += ["-movflags", "+faststart"] }
        return arguments + [output.path]
    }

    static func locate(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
