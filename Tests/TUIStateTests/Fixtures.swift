import AppCore
import EventsAPI
import Foundation
import Player
import TUI
@testable import TUIState

/// Events and states for the reducer tests (no terminal, no network).
enum Fixtures {
    static let base = Date(timeIntervalSince1970: 1_763_800_000)

    static func event(_ index: Int, camera: String = "Front Door", title: String? = nil) -> Event {
        Event(id: "evt-\(index)", cameraName: camera, title: title ?? "Motion \(index)",
              startTime: base.addingTimeInterval(Double(-index * 600)), endTime: base.addingTimeInterval(Double(-index * 600 + 10)),
              bucket: "30-days", videoUrl: URL(string: "http://127.0.0.1:1/media/30-days/evt-\(index)/index.m3u8")!)
    }

    static func page(_ range: Range<Int>, next: String? = nil) -> EventsPage {
        EventsPage(events: range.map { event($0, camera: $0 % 2 == 0 ? "Front Door" : "Driveway") }, nextCursor: next)
    }

    /// Signed in, first page (`count` events) loaded.
    static func listState(count: Int = 30, next: String? = "c2") -> AppState {
        var state = AppState(server: "http://127.0.0.1:8080", isDemo: true, user: "Demo User")
        _ = state.start()
        _ = state.reduce(.pageLoaded(page(0..<count, next: next), generation: state.list.fetchGeneration), now: .now)
        return state
    }

    /// Playing event 0 (prepared and loaded, player reported playing).
    static func playingState() -> AppState {
        var state = listState()
        _ = state.reduce(.action(.play), now: .now)
        _ = state.reduce(update(.loaded, state), now: .now)
        _ = state.reduce(update(.player(.playback(.playing)), state), now: .now)
        _ = state.reduce(update(.player(.progress(PlaybackProgress(position: 2, duration: 10, bufferedAhead: 4))), state), now: .now)
        return state
    }

    /// An update of the state's current playback, with the session's snapshot as a
    /// ``PlaybackSession`` has it after publishing `kind` (PlaybackSessionTests check the session;
    /// these tests check what the TUI makes of its updates).
    static func update(_ kind: PlaybackUpdate.Kind, _ state: AppState) -> AppInput {
        .playback(PlaybackUpdate(PlaybackID(rawValue: state.player.lastPlaybackID), kind, session: session(after: kind, state.playback?.session)))
    }

    static func session(after kind: PlaybackUpdate.Kind, _ before: PlaybackSession.Snapshot?) -> PlaybackSession.Snapshot {
        var snapshot = before ?? PlaybackSession.Snapshot()
        switch kind {
        case .player(.progress(let progress)):
            snapshot.position = progress.position
            snapshot.duration = progress.duration
        case .finished(let reason): snapshot.finish = reason
        case .preparing, .resumed: snapshot.finish = nil
        default: break
        }
        return snapshot
    }
}
