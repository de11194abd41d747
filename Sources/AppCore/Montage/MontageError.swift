/// Why a montage cannot start; the message says what to do.
public struct MontageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String

    /// A tile's player reads ffmpeg's process-global log (`--network direct`): its lines name no
    /// player, so each tile would take the others' failures for its own.
    public static let readsFFmpegLog = MontageError(description:
        "the montage plays several cameras at once, which needs --network proxy (the default): "
            + "with --network direct each player reads ffmpeg's process-global log and would take the other tiles' failures for its own")

    /// No camera to show.
    public static let noCameras = MontageError(description: "the montage needs at least one camera")

    init(description: String) { self.description = description }
}
