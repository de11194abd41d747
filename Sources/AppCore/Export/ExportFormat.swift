/// The container of an exported file: MPEG-TS (segments concatenated) or MP4 (fMP4 init +
/// fragments, or a TS source remuxed with stream copy).
///
/// ```swift
/// ExportFormat(argument: "mp4")        // .mp4
/// ExportFormat(pathExtension: "ts")    // .ts
/// ExportFormat.mp4.fileExtension       // "mp4"
/// ```
public enum ExportFormat: String, Sendable, Equatable, CaseIterable, Codable {
    case ts, mp4

    /// From `--format` (case-insensitive); nil for anything else.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }

    /// From a file name's extension (`.ts`, `.mp4`); nil for others.
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }
}
