import EventsAPI
import Foundation
import Player
import Playlist
#if canImport(Glibc)
import Glibc
#endif

/// `eventplayer play <id>`: plays one event without a TUI and prints one line per change, the
/// startup timeline, and the finish reason. Exit status: 0 ended (or `--frames` reached), 1 error,
/// 130 stopped by a signal.
public enum HeadlessPlayback {
    public static func run(_ options: HeadlessPlayOptions, services: AppServices,
                           output: @escaping @Sendable (String) -> Void) async throws -> Int32 {
        let started = ContinuousClock.now
        let configuration = try playerConfiguration(options, config: services.config)
        let event = try await EventFinder.event(id: options.eventID, client: services.client)
        let preparer = try PlaybackPreparer(services: services)
        defer { preparer.removeAll() }
        let prepared: PreparedPlayback
        do {
            prepared = try await preparer.prepare(event)
        } catch {
            PlayReport(json: options.json, output: output).finish(.error("\(error)"), ms: elapsed(since: started))
            return 1
        }
        return await withCheckedContinuation { continuation in
            let thread = Thread {
                var report = PlayReport(json: options.json, output: output)
                let code = PlayLoop(options: options, configuration: configuration, event: event, preparer: preparer,
                                    started: started).run(first: prepared, report: &report)
                continuation.resume(returning: code)
            }
            thread.name = "eventplayer.play"
            thread.start()
        }
    }

    /// Video mode, audio, and the `[mpv]` table followed by `--mpv-option` values.
    static func playerConfiguration(_ options: HeadlessPlayOptions, config: AppConfig) throws -> PlayerConfiguration {
        var configuration = PlayerConfiguration()
        switch options.video {
        case "none": configuration.video = .none
        case "window": configuration.video = .window
        case "auto":
            let env = ProcessInfo.processInfo.environment
            configuration.video = (env["DISPLAY"] ?? env["WAYLAND_DISPLAY"]) != nil ? .window : .none
        default:
            throw ConfigError("--video must be auto, window or none (terminal video is not available yet), not \(options.video)")
        }
        configuration.audio = options.audio && (config.audio ?? true)
        configuration.extraOptions = config.mpvOptions.map { MPVOption(name: $0.name, value: $0.value) }
        for text in options.mpvOptions {
            do { configuration.extraOptions.append(try MPVOption(parsing: text)) } catch {
                throw ConfigError("--mpv-option \(text): \(error)")
            }
        }
        if let frames = options.frames, frames > 1 { configuration.frameLimit = frames }
        return configuration
    }

    static func elapsed(since start: ContinuousClock.Instant) -> Int {
        Int((ContinuousClock.now - start).milliseconds)
    }
}
