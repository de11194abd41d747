/// The screenshots sent to mpv and not answered yet: request number -> file path. A value the
/// player keeps; the number goes to mpv as the command's tag (see `MPVHandle.command(_:tag:)`).
struct ScreenshotRequests: Sendable, Equatable {
    private var next: UInt64 = 1
    private var paths: [UInt64: String] = [:]

    /// Files asked for and not answered.
    var pending: Int { paths.count }

    /// Records `path` and returns its tag.
    mutating func add(_ path: String) -> UInt64 {
        let tag = next
        next += 1
        paths[tag] = path
        return tag
    }

    /// The path of `tag` (with or without the tag bit), removed; nil when unknown.
    mutating func take(_ tag: UInt64) -> String? {
        paths.removeValue(forKey: tag & ~MPVHandle.tagBit)
    }
}
