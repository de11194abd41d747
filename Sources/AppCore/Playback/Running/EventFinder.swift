import EventsAPI
import Foundation
import Playlist

/// Finds one event by id: the server's own lookup where it has one (``EventsAPI/EventBackend/event(id:)``),
/// else a search of the list (the events API has no single-event endpoint).
///
/// The search reads pages newest first and gives up after ``maxEvents`` events, or when the
/// server's cursors loop (``PageCursors``), saying how far it looked.
public enum EventFinder {
    /// How many events the search reads at most (20 pages of 500).
    public static let maxEvents = 10_000

    struct NotFound: Error, CustomStringConvertible {
        let id: String
        /// Events read, when the search stopped before the end of the list.
        var stoppedAfter: Int?
        /// Why it stopped early, when the server's cursors looped.
        var reason: String?

        var description: String {
            guard let stoppedAfter else { return "no event with id `\(id)` (see `eventplayer events`)" }
            let why = reason.map { " (\($0))" } ?? ""
            return "no event with id `\(id)` among the newest \(stoppedAfter) events\(why); "
                + "look for it with `eventplayer events --all --since <time> --until <time>`"
        }
    }

    public static func event(id: String, client: any EventBackend, maxEvents: Int = Self.maxEvents) async throws -> Event {
        // A server that answers single events (ZoneMinder) is asked for it; one that no longer
        // has it says so (``EventsAPIError/Code/eventGone``).
        if let event = try await client.event(id: id) { return event }
        var read = 0
        do {
            for try await event in client.allEvents(pageSize: 500) {
                if event.id == id { return event }
                read += 1
                if read >= maxEvents { throw NotFound(id: id, stoppedAfter: read) }
            }
        } catch let error as EventsAPIError where error.code == .repeatedCursor {
            throw NotFound(id: id, stoppedAfter: read, reason: error.message)
        }
        throw NotFound(id: id)
    }
}

extension Event {
    /// What the playlist layer needs: the credential's bucket and placement follow the event's
    /// ``MediaAuthorization`` (a bearer backend's token is the `session` bucket's).
    var playbackSource: PlaybackSource {
        var source = PlaybackSource(eventID: id, videoURL: videoUrl, bucket: credentialBucket, startTime: startTime, endTime: endTime)
        source.credential = switch authorization {
        case .bucketToken: .queryAndHeader
        case .bearer: .bearerHeader
        case .queryToken: .queryItem("token")
        case .none: .none
        }
        source.isClipCutWhenAsked = inProgressMedia == .clipUntilAsked
        source.isFile = videoFormat == .file || videoFormat == .liveFeed
        source.isLiveFeed = videoFormat == .liveFeed
        return source
    }

    /// Throws when there is nothing to play yet: an event whose server writes its video when it
    /// closes (``InProgressMedia/writtenAtEnd``, ZoneMinder) while it is still recording.
    func checkPlayable() throws {
        guard endTime == nil, inProgressMedia == .writtenAtEnd else { return }
        throw StillRecordingError()
    }

    /// The bucket whose token authorises the video (nil: none is needed).
    var credentialBucket: String {
        authorization == .bearer || authorization == .queryToken ? MediaToken.sessionBucket : bucket
    }
}
