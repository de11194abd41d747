import AppCore
import EventsAPI
import Foundation
import Player

/// `eventplayer play <id>`: plays one event without a TUI through the same ``PlaybackRunner``
/// (and so the same ``PlaybackSession``) as the TUI, and prints its updates: one line per visible
/// change, the startup timeline, and the finish reason. Exit status: 0 ended (or `--frames`
/// reached), 1 error, 128 + the signal when one stopped it (130 SIGINT, 143 SIGTERM, 129 SIGHUP).
public enum HeadlessPlayback {
    public static func run(_ options: HeadlessPlayOptions, services: AppServices,
                           output: @escaping @Sendable (String) -> Void) async throws -> Int32 {
        let started = ContinuousClock.now
        let configuration = try options.playback.playerConfiguration(config: services.config)
        let event = try await EventFinder.event(id: options.eventID, client: services.backend)
        let preparer = try options.playback.network.preparer(services: services)
        defer { preparer.removeAll() }
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    let runner = try PlaybackRunner(player: try Player(configuration: configuration), preparer: preparer,
                                                    backend: services.backend)
                    var loop = PlayLoop(options: options, runner: runner,
                                        report: PlayReport(json: options.json, started: started, output: output))
                    continuation.resume(returning: loop.run(event))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "eventplayer.play"
            thread.start()
        }
    }
}
