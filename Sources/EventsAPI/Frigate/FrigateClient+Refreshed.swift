import Foundation
import Networking

/// A review item as Frigate has it now (``EventBackend/refreshed(_:)``).
extension FrigateClient {
    /// The bucket of ``recording(camera:in:)``'s events.
    static let recordingBucket = "recording"

    /// `GET /api/review/<id>` (Frigate's `get_review`, past nginx's 5 s cache), mapped as the list
    /// maps it with a fresh `now` (with its tracked objects, `GET /api/event_ids`): an item still in progress gets a vod clip up to now (plus
    /// Frigate's padding), one that ended meanwhile its end and its whole padded clip. The server
    /// reviewed mark is kept from `event` (the route does not carry the user's mark). A recording
    /// (``recording(camera:in:)``) is a fixed span: it comes back as it is.
    ///
    /// A 404 (`Review item not found`: deleted, or past its retention) is an error that says so.
    public func refreshed(_ event: Event) async throws -> Event {
        guard event.bucket != Self.recordingBucket else { return event }
        let url = FrigatePaths.reviewItem(server, id: event.id)
        let response = try await send(url, bypassCache: true)
        let item = try APIDecoding.decode(FrigateReviewItem.self, from: response.body, what: "review item")
        guard item.id == event.id else {
            throw EventsAPIError.notUnderstood("review item", field: "id")
        }
        let objects = try await trackedObjects(of: [item], bypassCache: true)
        var renewed = Self.adding(objects, of: item,
                                  to: item.event(server: server, names: try await cameraNames(), authorization: mediaAuthorization, now: now()))
        renewed.serverReviewed = event.serverReviewed
        return renewed
    }
}
