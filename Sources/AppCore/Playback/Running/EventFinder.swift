import EventsAPI
import Foundation
import Playlist

/// Finds one event by id (the API lists events; it has no single-event endpoint).
public enum EventFinder {
    struct NotFound: Error, CustomStringConvertible {
        let id: String
        var description: String { "no event with id `\(id)` (see `eventplayer events`)" }
    }

    public static func event(id: String, client: EventsClient) async throws -> Event {
        for try await event in client.allEvents(pageSize: 500) where event.id == id {
            return event
        }
        throw NotFound(id: id)
    }
}

extension Event {
    /// What the playlist layer needs.
    var playbackSource: PlaybackSource {
        PlaybackSource(eventID: id, videoURL: videoUrl, bucket: bucket, startTime: startTime, endTime: endTime)
    }
}
