@testable import AppCore
import EventsAPI
import Foundation
import Player
import Playlist

/// Prepared playbacks and events for the session and runner tests (no network, no mpv).
enum SessionFixtures {
    static let event = Event(id: "evt-1", cameraName: "Front Door", title: "Motion", startTime: Date(timeIntervalSince1970: 1_763_800_000),
                             endTime: Date(timeIntervalSince1970: 1_763_800_010), bucket: "30-days",
                             videoUrl: URL(string: "http://127.0.0.1:1/media/30-days/evt-1/index.m3u8")!)

    static func prepared(_ name: String) -> PreparedPlayback {
        PreparedPlayback(eventID: "evt-1", playbackID: name, url: URL(filePath: "/tmp/\(name).m3u8"), token: "tok-\(name)",
                         isComplete: true, remoteURL: URL(string: "http://127.0.0.1:1/media/30-days/evt-1/index.m3u8")!)
    }
}

/// Ends as the player reports them (facts; the session decides the finish reason).
extension PlaybackEnd {
    /// mpv reached the end of a 12 s event at its end, nothing logged: "ended".
    static let atTheEnd = PlaybackEnd.endOfFile(EndOfFile(position: 12, duration: 12))
    /// END_FILE with mpv's "loading failed" and nothing in the log.
    static let openFailed = PlaybackEnd.failed(MediaFailure(mpvMessage: "loading failed"))
}

/// Effects as short words, so tests read like the lifecycle they check.
extension PlaybackSession.Effect {
    var word: String {
        switch self {
        case .prepare(let refresh, let attempt): refresh ? "refresh#\(attempt)" : "prepare#\(attempt)"
        case .renew(let attempt, let wait): wait == .zero ? "renew#\(attempt)" : "renew#\(attempt) after \(wait)"
        case .load(let prepared, let at): "load \(prepared.playbackID)@\(Int(at))"
        case .stopPlayer: "stopPlayer"
        case .perform(let command): "perform \(command)"
        case .remove(let prepared): "remove \(prepared.playbackID)"
        case .checkGone(let attempt): "checkGone#\(attempt)"
        case .publish(.notice(let text)): "publish notice(\"\(text)\")"
        case .publish(let kind): "publish \(kind)"
        }
    }
}

extension Array where Element == PlaybackSession.Effect {
    var words: [String] { map(\.word) }
}
