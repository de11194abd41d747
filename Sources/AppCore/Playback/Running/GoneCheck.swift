import EventsAPI

/// After a playback failed: is its event still on the server? ``EventsAPI/EventBackend/refreshed(_:)``
/// throwing ``EventsAPI/EventsAPIError/Code/eventGone`` says it is not (ZoneMinder's `404 "Invalid
/// event"`, Frigate's `404 "Review item not found"`); anything else, or no answer within
/// ``timeout``, leaves the failure as it was.
///
/// ```swift
/// if let gone = await GoneCheck.message(of: event, backend: backend) { print(gone) }
/// ```
enum GoneCheck {
    /// How long a failed playback waits for the server's word.
    static let timeout: Duration = .seconds(5)

    /// The server's words when it no longer has `event`; nil when it has it, or said nothing
    /// within `timeout`.
    static func message(of event: Event, backend: any EventBackend, within timeout: Duration = timeout) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask { await ask(backend, about: event) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    private static func ask(_ backend: any EventBackend, about event: Event) async -> String? {
        do {
            _ = try await backend.refreshed(event)
            return nil
        } catch {
            guard let failure = error as? EventsAPIError, failure.code == .eventGone else { return nil }
            return failure.message
        }
    }
}
