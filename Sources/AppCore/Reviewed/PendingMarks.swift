/// A reviewed mark the server has not confirmed yet: event `id` is to be marked reviewed
/// (`reviewed` true) or unmarked.
public struct PendingMark: Sendable, Hashable, Codable {
    public var id: String
    public var reviewed: Bool

    public init(id: String, reviewed: Bool) {
        self.id = id
        self.reviewed = reviewed
    }
}

/// Why sending marks to the server failed, as ``PendingMarks`` treats it.
public enum MarkSendFailure: Sendable, Equatable {
    /// The server did not answer, failed (5xx, a proxy's 502) or the request was cancelled: the
    /// marks stay pending and are sent again later.
    case unavailable
    /// The session is gone: the marks stay pending until a request succeeds again (after sign-in).
    case signInNeeded
    /// The server refused them for good (a 4xx: a role that may not mark, an item it no longer
    /// has): they are dropped and rolled back on screen.
    case refused
}

/// The marks a server that keeps them (Frigate) has not confirmed yet, and when to send them: a
/// pure state machine whose events return ``Effect``s (the TUI's state holds it, the coordinator
/// does the I/O).
///
/// One batch is on its way at a time. A batch the server could not take is sent again after a
/// backoff (2 s, doubling, at most a minute; never a request storm), or at once when another
/// request to the server succeeds (``serverAnswered(now:)``). A refused batch is dropped and
/// reported rolled back. Every change of what is pending asks for the journal to be written
/// (``Effect/journal(_:)``) so that marks a quit left pending are sent at the next start.
///
/// ```swift
/// var pending = PendingMarks()
/// pending.add(["evt-1"], reviewed: true, now: now)        // [.journal([…]), .send(ids: ["evt-1"], reviewed: true)]
/// pending.failed(ids: ["evt-1"], reviewed: true, .unavailable, now: now)   // retry at now + 2 s
/// pending.tick(now: now + .seconds(2))                     // [.send(ids: ["evt-1"], reviewed: true)]
/// pending.sent(ids: ["evt-1"], reviewed: true, now: now)   // [.saved([…]), .journal([])]
/// ```
public struct PendingMarks: Sendable, Equatable {
    /// What the owner has to do.
    public enum Effect: Sendable, Equatable {
        /// Send these marks to the server in one request; answer with ``sent(ids:reviewed:now:)``
        /// or ``failed(ids:reviewed:_:now:)``.
        case send(ids: [String], reviewed: Bool)
        /// Write the journal: these are all the marks pending now (oldest first).
        case journal([PendingMark])
        /// The server has these marks now.
        case saved([PendingMark])
        /// The server refused these marks for good: show the events as they were before.
        case rolledBack([PendingMark])
    }

    /// Why nothing is sent now.
    enum Hold: Sendable, Equatable {
        /// The last send failed: the next one waits until then (or until the server answers).
        case until(ContinuousClock.Instant)
        /// Signed out: wait until a request succeeds again.
        case serverAnswers
    }

    /// The pending marks, oldest first, one per event.
    public private(set) var marks: [PendingMark]
    /// The batch on its way to the server.
    public private(set) var inFlight: [PendingMark]?
    /// Sends that failed in a row (the backoff doubles with each).
    public private(set) var failures = 0
    var hold: Hold?
    /// ``marks`` by id, for the list's rows (each asks ``wanted(_:)``).
    private var wantedByID: [String: Bool] = [:]

    /// The most marks one request carries (`X` on a long list makes several).
    public static let batchLimit = 200
    /// The first retry waits this long; each failure in a row doubles it up to ``longestBackoff``.
    public static let firstBackoff: Duration = .seconds(2)
    public static let longestBackoff: Duration = .seconds(60)

    /// `marks`: those a journal kept from an earlier session. Nothing is sent until
    /// ``serverAnswered(now:)`` (the first page came) or a new mark.
    public init(marks: [PendingMark] = []) {
        self.marks = []
        for mark in marks { put(mark) }
    }

    public var isEmpty: Bool { marks.isEmpty }
    public var count: Int { marks.count }

    /// What event `id` is to become, when its mark is pending.
    public func wanted(_ id: String) -> Bool? {
        wantedByID[id]
    }

    /// When ``tick(now:)`` should run next: the retry time while a backoff runs.
    public var nextDeadline: ContinuousClock.Instant? {
        if case .until(let instant) = hold, inFlight == nil, !marks.isEmpty { return instant }
        return nil
    }

    /// The backoff after `failures` failed sends in a row.
    public static func backoff(afterFailures failures: Int) -> Duration {
        let doublings = max(0, min(failures - 1, 10))
        return min(firstBackoff * (1 << doublings), longestBackoff)
    }

    /// The user marked (or unmarked) `ids`: they are pending, replacing earlier pending marks of
    /// the same events, and are sent unless a send is on its way or a backoff runs.
    public mutating func add(_ ids: [String], reviewed: Bool, now: ContinuousClock.Instant) -> [Effect] {
        guard !ids.isEmpty else { return [] }
        for id in ids { put(PendingMark(id: id, reviewed: reviewed)) }
        return [.journal(marks)] + sendIfDue(now: now)
    }

    /// The server took the batch: its marks are saved (those changed again meanwhile stay
    /// pending with their new value), and the next batch goes.
    public mutating func sent(ids: [String], reviewed: Bool, now: ContinuousClock.Instant) -> [Effect] {
        inFlight = nil
        failures = 0
        hold = nil
        let done = take(ids, reviewed: reviewed)
        return (done.isEmpty ? [] : [.saved(done), .journal(marks)]) + sendIfDue(now: now)
    }

    /// The batch failed: kept and sent again later (unavailable, signed out), or dropped and
    /// rolled back (refused).
    public mutating func failed(ids: [String], reviewed: Bool, _ failure: MarkSendFailure,
                                now: ContinuousClock.Instant) -> [Effect] {
        inFlight = nil
        switch failure {
        case .unavailable:
            failures += 1
            hold = .until(now + Self.backoff(afterFailures: failures))
            return []
        case .signInNeeded:
            hold = .serverAnswers
            return []
        case .refused:
            let dropped = take(ids, reviewed: reviewed)
            return (dropped.isEmpty ? [] : [.rolledBack(dropped), .journal(marks)]) + sendIfDue(now: now)
        }
    }

    /// Time passed: a backoff that ran out lets the next send go.
    public mutating func tick(now: ContinuousClock.Instant) -> [Effect] {
        guard case .until(let instant) = hold, now >= instant else { return [] }
        hold = nil
        return sendIfDue(now: now)
    }

    /// Another request to the server succeeded (a page, a reload): the server is back, pending
    /// marks go now.
    public mutating func serverAnswered(now: ContinuousClock.Instant) -> [Effect] {
        guard hold != nil || (inFlight == nil && !marks.isEmpty) else { return [] }
        hold = nil
        failures = 0
        return sendIfDue(now: now)
    }

    /// The next batch, when none is on its way and nothing holds it: the oldest pending marks
    /// with the same value (one request marks, or unmarks).
    private mutating func sendIfDue(now: ContinuousClock.Instant) -> [Effect] {
        guard inFlight == nil, hold == nil, let first = marks.first else { return [] }
        let batch = Array(marks.filter { $0.reviewed == first.reviewed }.prefix(Self.batchLimit))
        inFlight = batch
        return [.send(ids: batch.map(\.id), reviewed: first.reviewed)]
    }

    private mutating func put(_ mark: PendingMark) {
        if wantedByID[mark.id] != nil { marks.removeAll { $0.id == mark.id } }
        marks.append(mark)
        wantedByID[mark.id] = mark.reviewed
    }

    /// Removes the marks of `ids` that still want `reviewed`; returns them.
    private mutating func take(_ ids: [String], reviewed: Bool) -> [PendingMark] {
        let wanted = Set(ids)
        let taken = marks.filter { wanted.contains($0.id) && $0.reviewed == reviewed }
        marks.removeAll { wanted.contains($0.id) && $0.reviewed == reviewed }
        for mark in taken { wantedByID[mark.id] = nil }
        return taken
    }
}
