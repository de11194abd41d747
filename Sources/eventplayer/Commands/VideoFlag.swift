import AppCore
import ArgumentParser

/// `--video` of the TUI and `play`: one of `AppConfig.videoModes`. Absent, the config file's
/// `video` (then auto) applies.
enum VideoFlag {
    static func validate(_ video: String?) throws {
        guard let video else { return }
        guard AppConfig.videoModes.contains(video) else {
            throw ValidationError("--video must be auto, window, terminal or none, not \(video)")
        }
    }

    /// The mode to play with: the flag, else the config file's `video`, else auto.
    static func resolve(_ video: String?, services: AppServices) -> String {
        services.config.videoMode(flag: video)
    }
}
