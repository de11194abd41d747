/// An event as the events service has it now (``EventBackend/refreshed(_:)``).
extension EventsClient {
    /// The event as it is: an event in progress already plays a live playlist that grows
    /// (``InProgressMedia/growingPlaylist``), so nothing needs asking again.
    public func refreshed(_ event: Event) async throws -> Event { event }
}
