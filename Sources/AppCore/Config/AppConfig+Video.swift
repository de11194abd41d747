extension AppConfig {
    /// The modes playback can use today; `terminal` is accepted by the file and `--video` but
    /// refused here until video drawn in the terminal lands.
    public static let availableVideoModes = ["auto", "window", "terminal", "none"]

    /// Where video goes: `--video` when given (the command checked it), else `video` from the
    /// config file, else `auto`.
    ///
    /// ```swift
    /// let mode = try services.config.videoMode(flag: nil)   // "window" with `video = "window"` in the file
    /// ```
    /// - Throws: ``ConfigError`` naming the line when the file asks for a mode that is not available.
    public func videoMode(flag: String?) throws(ConfigError) -> String {
        if let flag { return flag }
        guard let video else { return "auto" }
        guard Self.availableVideoModes.contains(video) else {
            throw ConfigError(file: lines.file, line: lines.line(of: ["video"]),
                              "video = \"\(video)\": video in the terminal is not available yet; use auto, window or none")
        }
        return video
    }
}
