import Foundation

/// The owner's side of the event loop: the wakeup pipe, the drain, and the progress deadline.
extension Player {
    /// Most events decoded per `drain()`; more are left for the next round (the pipe is
    /// signalled again) so a flood of `time-pos` changes cannot starve the owner's loop.
    static let drainBudget = 2000
    /// How long a reported end waits for the log lines that explain it before it is decided.
    static let logGrace: Duration = .milliseconds(500)

    /// Reads the wakeup pipe, then every pending mpv event (`mpv_wait_event(h, 0)` until NONE),
    /// and returns the updates of the current playback, in order. Never blocks.
    ///
    /// ```swift
    /// if !ready[1].isEmpty { for update in player.drain() { model.apply(update) } }   // ready: Poller.wait's answer
    /// ```
    public func drain() -> [PlayerUpdate] {
        wakeup.drain()
        renderVideoIfNeeded()
        var updates = pending
        pending = []
        updates += applyFFmpegLines()
        guard let handle else { return updates + settleWhenExplained(now: .now) }
        var budget = Self.drainBudget
        while budget > 0, let event = handle.nextEvent() {
            budget -= 1
            if case .taggedReply(let tag, let error) = event.kind {
                updates += screenshotAnswered(tag: tag, error: error)
                continue
            }
            if event.kind == .fileLoaded, reducer.snapshot.timeline.fileLoaded == nil, let loadStart {
                reducer.snapshot.timeline.fileLoaded = ContinuousClock.now - loadStart
            }
            let eventUpdates = reducer.apply(event)
            if let loadStart, eventUpdates.contains(where: { $0.kind == .firstFrame }) {
                reducer.snapshot.timeline.firstFrame = ContinuousClock.now - loadStart
            }
            updates += eventUpdates
            continueReload()
        }
        if budget == 0 {
            wakeup.wake()
        } else {
            updates += settleWhenExplained(now: .now)
        }
        trackStall(now: .now)
        return updates
    }

    /// When ``tick(now:)`` next has work: the progress deadline (every
    /// ``PlayerConfiguration/progressInterval`` while a handle exists), or nil.
    public var nextDeadline: ContinuousClock.Instant? {
        [handle == nil ? nil : deadline, settleAfter].compactMap { $0 }.min()
    }

    /// Reports a pending end once ``logGrace`` has passed since the end was seen (mpv delivers
    /// the log lines that explain an end after the end itself, later still on a busy machine).
    func settleWhenExplained(now: ContinuousClock.Instant) -> [PlayerUpdate] {
        guard reducer.facts.pendingEnd != nil, !reducer.facts.userStopped else {
            settleAfter = nil
            return []
        }
        let due = settleAfter ?? now + Self.logGrace
        guard now >= due else {
            settleAfter = due
            return []
        }
        settleAfter = nil
        return reducer.settle()
    }

    /// The progress tick: when the deadline has passed, schedules the next one and returns a
    /// `.progress` update if position, duration or buffered seconds changed; else nothing.
    ///
    /// ```swift
    /// for update in player.tick(now: .now) { slider.apply(update) }
    /// ```
    public func tick(now: ContinuousClock.Instant = .now) -> [PlayerUpdate] {
        let settled = settleAfter.map { now >= $0 } == true ? settleWhenExplained(now: now) : []
        guard handle != nil, let next = deadline, now >= next else { return settled }
        var following = next + configuration.progressInterval
        if following <= now { following = now + configuration.progressInterval }
        deadline = following
        trackStall(now: now)
        let sinceLoad = loadStart.map { now - $0 }
        if let since = stalledSince, now - since >= .seconds(configuration.stallTimeout) {
            let updates = reducer.tick(sinceLoad: sinceLoad) + reducer.failStalled(after: configuration.stallTimeout)
            retireHandle()
            stalledSince = nil
            return settled + updates
        }
        return settled + reducer.tick(sinceLoad: sinceLoad)
    }

    /// Starts or clears the stall watchdog from the load state: stalled while playing, or
    /// connecting (nothing arrived yet) since the load.
    func trackStall(now: ContinuousClock.Instant) {
        switch reducer.snapshot.load {
        case .stalled where handle != nil:
            if stalledSince == nil { stalledSince = now }
        case .connecting where handle != nil:
            if stalledSince == nil { stalledSince = loadStart ?? now }
        default:
            stalledSince = nil
        }
    }
}
