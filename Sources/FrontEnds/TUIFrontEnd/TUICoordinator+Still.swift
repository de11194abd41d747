import AppCore
import EventsAPI

extension TUICoordinator {
    /// Fetches `event`'s still at the pane's current pixel size; the answer comes back through
    /// the inbox as `.stillReady` / `.stillFailed`.
    func loadStill(_ event: Event) {
        guard let video, let stills = video.stills else { return inbox.post(.stillFailed(eventID: event.id)) }
        stills.load(event, geometry: video.video.geometry)
    }
}
