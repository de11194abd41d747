import AppCore
import EventsAPI
import Foundation
import Glibc
import Synchronization
import SystemSupport

/// `eventplayer events --follow`: the events that match, then each new one as it arrives (like
/// `tail -f`), one line each: a table row, or with `--json` one JSON object per line (JSON
/// Lines, the fields of `events --json`). Polls with the backend's own means
/// (``EventBackend/changes(since:filter:inProgress:)``) on a ``FollowSchedule``: one request at a
/// time, backing off while the server fails (said once on standard error, and once when it
/// answers again). Ends with 130 on Ctrl-C (143 on SIGTERM) and 0 when the reader goes away
/// (a broken pipe), quietly.
public enum EventsFollowing {
    /// Runs until a signal; returns the exit status. `notice` gets the lines for standard error.
    public static func run(_ request: EventsListing.Request, interval: Duration, client: any EventBackend,
                           reviewed: ReviewedMarks = ReviewedMarks(), output: @escaping @Sendable (String) -> Void,
                           notice: @escaping @Sendable (String) -> Void) async throws -> Int32 {
        StandardStreams.endBrokenPipe(withStatus: 0)
        let interrupted = ExportFlow.Flag()
        let work = Task {
            try await follow(request, interval: interval, client: client, reviewed: reviewed, output: output, notice: notice)
        }
        let signals = Task {
            guard let signal = try? await Signals.waitForTermination([SIGINT, SIGTERM]), !Task.isCancelled else { return }
            interrupted.value.store(signal, ordering: .sequentiallyConsistent)
            work.cancel()
        }
        defer { signals.cancel() }
        do {
            try await work.value
        } catch {
            let signal = interrupted.value.load(ordering: .sequentiallyConsistent)
            guard signal != 0 else { throw error }
        }
        return 128 + interrupted.value.load(ordering: .sequentiallyConsistent)
    }

    /// The listing, then the poll loop (until cancelled).
    static func follow(_ request: EventsListing.Request, interval: Duration, client: any EventBackend, reviewed: ReviewedMarks,
                       output: @Sendable (String) -> Void, notice: @Sendable (String) -> Void) async throws {
        let first = try await client.events(cursor: nil, limit: request.limit, filter: request.filter).events
        if request.json {
            for event in first { output(try EventsListing.jsonLine(event, reviewed: reviewed)) }
        } else {
            EventsListing.table(first, now: .now).forEach(output)
        }
        var seen = Set(first.map(\.id))
        var newest = first.map(\.startTime).max()
        // What is older than the listing's oldest event was cut by --limit, not new: a poll's
        // page reaches further back than the listing.
        let floor = first.count >= request.limit ? first.map(\.startTime).min() : nil
        var schedule = FollowSchedule(interval: interval)
        let clock = ContinuousClock()
        schedule.arm(now: clock.now)
        while true {
            if let deadline = schedule.nextDeadline { try await Task.sleep(until: deadline, clock: clock) }
            guard schedule.pollIfDue(now: clock.now) else { continue }
            let changes: EventChanges
            do {
                changes = try await client.changes(since: newest, filter: request.filter, inProgress: [])
            } catch {
                try Task.checkCancellation()
                if case .failing(let wait) = schedule.failed(now: clock.now) {
                    notice("eventplayer: following: \(UserFacing.message(for: error)) Trying again in \(wait.components.seconds) s, then less often.")
                }
                continue
            }
            if schedule.succeeded(now: clock.now) == .resumed { notice("eventplayer: following again: the server answers") }
            let arrived = changes.events.filter { event in !seen.contains(event.id) && floor.map { $0 <= event.startTime } ?? true }
                .sorted { $0.startTime < $1.startTime }
            for event in arrived {
                if request.json {
                    output(try EventsListing.jsonLine(event, reviewed: reviewed))
                } else {
                    EventsListing.table([event], now: .now).dropFirst().forEach(output)
                }
                seen.insert(event.id)
                newest = max(newest ?? event.startTime, event.startTime)
            }
        }
    }
}
