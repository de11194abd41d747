import PlaybackStates
import Player

extension AppConfig {
    /// Where video goes: `--video` when given, else `video` from the config file, else auto.
    ///
    /// ```swift
    /// services.config.videoMode(flag: nil)   // .window with `video = "window"` in the file
    /// ```
    public func videoMode(flag: VideoModeChoice?) -> VideoModeChoice {
        flag ?? video ?? .auto
    }

    /// Terminal video cells: `--video-glyphs` when given, else `video-glyphs` from the config
    /// file, else half.
    public func videoGlyphs(flag: VideoGlyphs?) -> VideoGlyphs {
        flag ?? videoGlyphs ?? .half
    }
}
