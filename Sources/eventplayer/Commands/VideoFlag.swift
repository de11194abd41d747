import AppCore
import ArgumentParser

/// `--video` of the TUI and `play`: one of `AppConfig.videoModes`; `terminal` is refused until video
/// drawn in the terminal lands. Absent, the config file's `video` (then auto) applies.
enum VideoFlag {
    static func validate(_ video: String?) throws {
        guard let video else { return }
        guard AppConfig.videoModes.contains(video) else {
            throw ValidationError("--video must be auto, window, terminal or none, not \(video)")
        }
        guard AppConfig.availableVideoModes.contains(video) else {
            throw ValidationError("--video terminal: video in the terminal is not available yet; use auto, window or none")
        }
    }

    /// The mode to play with: the flag, else the config file's `video`, else auto.
    static func resolve(_ video: String?, services: AppServices) throws -> String {
        do { return try services.config.videoMode(flag: video) } catch { throw usageFailure(error) }
    }
}
