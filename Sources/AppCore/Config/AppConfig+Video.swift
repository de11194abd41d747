extension AppConfig {
    /// Where video goes: `--video` when given (the command checked it), else `video` from the
    /// config file, else `auto`.
    ///
    /// ```swift
    /// let mode = services.config.videoMode(flag: nil)   // "window" with `video = "window"` in the file
    /// ```
    /// Both were checked against ``videoModes`` already (the file when it was read).
    public func videoMode(flag: String?) -> String {
        flag ?? video ?? "auto"
    }
}
