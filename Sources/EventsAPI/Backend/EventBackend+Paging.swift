import Foundation

extension EventBackend {
    /// Every event matching `filter`, page after page, newest first.
    ///
    /// A server whose `nextCursor` leads back to a page already read (``PageCursors``) ends the
    /// stream with ``EventsAPIError/repeatedCursor(_:afterEvents:)`` after the events read so far.
    ///
    /// ```swift
    /// for try await event in backend.allEvents() { print(event.id) }
    /// ```
    public func allEvents(pageSize: Int = 200, filter: EventFilter = .init()) -> AsyncThrowingStream<Event, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var cursors = PageCursors()
                    var cursor: String?
                    var count = 0
                    while !Task.isCancelled {
                        let page = try await self.events(cursor: cursor, limit: pageSize, filter: filter)
                        count += page.events.count
                        for event in page.events { continuation.yield(event) }
                        switch cursors.follow(page.nextCursor) {
                        case .next(let next): cursor = next
                        case .end: continuation.finish(); return
                        case .repeated(let repeated):
                            throw EventsAPIError.repeatedCursor(repeated, afterEvents: count)
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
