import EventsAPI
import Foundation
import PlaybackStates
import Player
import Playlist
import SystemSupport

/// Runs playbacks for one front end, on that front end's owner thread: it holds the current
/// ``PlaybackSession`` (one at a time: starting another event stops the current one), runs the
/// effects the session returns (preparations as tasks whose results come back through
/// ``wakeupDescriptors``, loads and commands on the player), and hands the front end
/// ``PlaybackUpdate``s. At the end of a clip of an event in progress (Frigate's) the session asks
/// for the event again: the runner asks `backend` (``EventBackend/refreshed(_:)``) off the owner's
/// thread and hands the answer back the same way.
///
/// The owner waits (``Poller``) on ``wakeupDescriptors`` until ``nextDeadline`` and calls
/// ``drain()`` when one is readable or the deadline passed:
///
/// ```swift
/// let runner = try PlaybackRunner(player: player, preparer: preparer)
/// runner.start(event, as: PlaybackID(rawValue: 1), at: 0)
/// while true {
///     _ = try Poller.wait(for: runner.wakeupDescriptors.map(Poller.Descriptor.readable), until: runner.nextDeadline)
///     for update in runner.drain() { render(update) }
/// }
/// ```
public final class PlaybackRunner {
    /// Front ends reach the player only through the runner (``perform(_:)``, ``drain(now:)``,
    /// ``snapshot``, ``frames``), so each runner (a pane) owns its player.
    let player: any PlayerControlling
    let preparer: any PlaybackPreparing
    /// Asked for an event in progress as it is now, to play on past the end of its clip; nil: such
    /// a playback ends there with an error that says so (tests and benchmarks without a server).
    let backend: (any EventBackend)?
    /// Where preparations leave their results (for the playback they were started for) and their
    /// notices, for the owner thread; both wake the owner's poll through one self-pipe.
    let results: Mailbox<(PlaybackID, PlaybackSession.Input)>
    let notices: Mailbox<PlaybackNotice>
    /// The current (or last) playback.
    public private(set) var session: PlaybackSession?
    private var prepareTask: Task<Void, Never>?
    private var renewTask: Task<Void, Never>?
    private var marks = Marks()
    private var published: [PlaybackUpdate] = []
    /// Notices of no playback the runner has yet: a preparation reports its playlist's failure
    /// before its result reaches the owner's thread. Kept until that result comes (the newest few).
    private var early: [PlaybackNotice] = []
    private static let earlyCapacity = 32
    private let noticesTask: Task<Void, Never>

    /// When the current playback's steps happened (for its ``StartupTimeline``).
    private struct Marks {
        var requested: ContinuousClock.Instant?
        var prepared: ContinuousClock.Instant?
        var loaded: ContinuousClock.Instant?
        var timings = StartupTimings()
    }

    public init(player: any PlayerControlling, preparer: any PlaybackPreparing, backend: (any EventBackend)? = nil) throws {
        self.player = player
        self.preparer = preparer
        self.backend = backend
        let wake = try SelfPipe()
        results = Mailbox(wake: wake)
        let notices = Mailbox<PlaybackNotice>(wake: wake)
        self.notices = notices
        let stream = preparer.notices
        noticesTask = Task {
            for await notice in stream { notices.post(notice) }
        }
    }

    deinit {
        noticesTask.cancel()
        renewTask?.cancel()
    }

    /// The descriptors to poll: the player's wakeup and the preparations' inbox.
    public var wakeupDescriptors: [Int32] { [player.wakeupDescriptor, results.wake.readFD] }

    /// The current playback's state as the player has it now (the position between progress
    /// ticks included; an empty state before the first load); nil while the player has another
    /// playback than the current one.
    public var snapshot: PlayerSnapshot? {
        let snapshot = player.snapshot
        guard snapshot.playbackID == nil || snapshot.playbackID == session?.id else { return nil }
        return snapshot
    }

    /// Seconds into the current playback now, read from the player when asked (the snapshot's
    /// position is as old as the last drain); nil when there is none to compare (loading,
    /// seeking, stopped, another playback than the current one).
    public var positionNow: Double? {
        guard let session, !session.isFinished, player.snapshot.playbackID == session.id else { return nil }
        return player.positionNow
    }

    /// Where terminal video's frames come from (the player's latest frame, sized to the pane).
    public var frames: any VideoFrameSource { player }

    /// When ``drain()`` next has timed work (the player's progress tick).
    public var nextDeadline: ContinuousClock.Instant? { player.nextDeadline }

    /// Starts `event` as playback `id` at `at` seconds; the current playback (if any) is stopped
    /// first and its private files removed.
    @discardableResult
    public func start(_ event: Event, as id: PlaybackID, at position: Double) -> [PlaybackUpdate] {
        stop()
        session = PlaybackSession(id: id, event: event, asksIfGone: backend != nil)
        apply(.start(at: position))
        return takePublished()
    }

    /// Stops the current playback (user exited): the player stops, its private files go.
    @discardableResult
    public func stop() -> [PlaybackUpdate] {
        renewTask?.cancel()
        apply(.stop)
        return takePublished()
    }

    /// A transport command, as the session decides it: `play` after a stop or an error starts the
    /// same playback again from the slider's position (prepared afresh: its private files were
    /// removed when it finished); the player itself never reloads.
    @discardableResult
    public func perform(_ command: PlayerCommand) -> [PlaybackUpdate] {
        guard session != nil else {
            switch command {
            case .setSpeed, .setVideoEnabled, .setFraming, .setMuted: player.perform(command)   // kept for the first playback
            default: break
            }
            return []
        }
        apply(.command(command))
        return takePublished()
    }

    /// Everything pending: preparation results, player events, the progress tick. Never blocks.
    public func drain(now: ContinuousClock.Instant = .now) -> [PlaybackUpdate] {
        results.wake.drain()
        for (id, input) in results.take() {
            if id == session?.id {
                if case .prepared(let prepared, _) = input {
                    marks.prepared = now
                    marks.timings = prepared.timings
                }
                apply(input)
                if case .prepared(let prepared, _) = input, session?.current?.playbackID == prepared.playbackID {
                    // What the network layer said while this preparation was still on its way
                    // (the playlist it fetched failed) belongs to the playback it became.
                    let said = early.filter { $0.group == prepared.playbackID }
                    early.removeAll { $0.group == prepared.playbackID }
                    for notice in said { take(notice) }
                }
            } else if case .prepared(let prepared, _) = input {
                preparer.remove(prepared)   // for a playback that was replaced meanwhile
            }
        }
        for notice in notices.take() {
            if notice.group == session?.current?.playbackID {
                take(notice)
            } else {
                early.append(notice)   // perhaps of a preparation whose result comes in a later drain
                if early.count > Self.earlyCapacity { early.removeFirst(early.count - Self.earlyCapacity) }
            }
        }
        for update in player.drain() + player.tick(now: now) where update.playbackID == session?.id {
            // The timeline comes just before the first frame, so a front end that stops there has it.
            if update.kind == .firstFrame, let timeline = timeline() { publish(.timeline(timeline)) }
            apply(.player(update.kind))
        }
        return takePublished()
    }

    /// A notice of the current playback: the download rate, or what the network layer gave up on.
    private func take(_ notice: PlaybackNotice) {
        if let rate = notice.bytesPerSecond { publish(.downloadRate(bytesPerSecond: rate)) } else { apply(.notice(notice.text)) }
    }

    /// Stops everything and removes every private file this runner made (at exit).
    public func shutdown() {
        prepareTask?.cancel()
        renewTask?.cancel()
        apply(.stop)
        published = []
        player.shutdown()
    }

    /// Feeds `input` to the session and runs its effects; inputs that effects produce (a rejected
    /// load, the player's last words after a stop) are fed after, in order, never re-entrantly.
    private func apply(_ input: PlaybackSession.Input) {
        var inputs = [input]
        while !inputs.isEmpty {
            guard var current = session else { return }
            let effects = current.handle(inputs.removeFirst())
            session = current
            for effect in effects { inputs += run(effect, for: current) }
        }
    }

    private func run(_ effect: PlaybackSession.Effect, for session: PlaybackSession) -> [PlaybackSession.Input] {
        switch effect {
        case .prepare(let refreshTokens, let attempt):
            if !refreshTokens { marks = Marks() }   // a start, or a start again after a stop: timed afresh
            prepare(session.event, id: session.id, refreshTokens: refreshTokens, attempt: attempt)
        case .renew(let attempt, let wait):
            guard let backend else {
                return [.renewFailed("no server to ask for more of the event", attempt: attempt)]
            }
            renew(session.event, id: session.id, backend: backend, attempt: attempt, after: wait)
        case .checkGone(let attempt):
            guard let backend else { return [.checkedGone(nil, attempt: attempt)] }
            checkGone(session.event, id: session.id, backend: backend, attempt: attempt)
        case .load(let prepared, let position):
            marks.loaded = .now
            do {
                _ = try player.load(prepared.mediaSource, startAt: position, as: session.id)
            } catch {
                return [.loadFailed(String(describing: error))]
            }
        case .perform(let command):
            player.perform(command)
        case .stopPlayer:
            // What the stopped playback still had to say belongs before anything that follows under
            // the same identity (a restart at the knob): the stop returns it, no drain needed.
            return player.stop().filter { $0.playbackID == session.id }.map { .player($0.kind) }
        case .remove(let prepared):
            preparer.remove(prepared)
        case .publish(let kind):
            publish(kind)
        }
        return []
    }

    /// The newest preparation wins: an older one is cancelled (a result that still arrives is stale).
    private func prepare(_ event: Event, id: PlaybackID, refreshTokens: Bool, attempt: Int) {
        prepareTask?.cancel()
        if marks.requested == nil || refreshTokens { marks.requested = .now }
        let preparer = preparer, results = results
        prepareTask = Task {
            do {
                let prepared = try await preparer.prepare(event, refreshTokens: refreshTokens)
                results.post((id, .prepared(prepared, attempt: attempt)))
            } catch {
                results.post((id, .prepareFailed(String(describing: error), attempt: attempt)))
            }
        }
    }

    /// Asks `backend` for `event` as it is now, after `wait`; a newer renewal or a stop cancels it.
    private func renew(_ event: Event, id: PlaybackID, backend: any EventBackend, attempt: Int, after wait: Duration) {
        renewTask?.cancel()
        let results = results
        renewTask = Task {
            if wait > .zero {
                do { try await Task.sleep(for: wait) } catch { return }
            }
            do {
                let renewed = try await backend.refreshed(event)
                results.post((id, .renewed(renewed, attempt: attempt)))
            } catch {
                guard !Task.isCancelled else { return }
                results.post((id, .renewFailed(String(describing: error), attempt: attempt)))
            }
        }
    }

    /// Asks `backend` whether `event` is still on the server after its playback failed: its
    /// words when it is gone (``EventsAPIError/Code/eventGone``), nil otherwise, or when no answer
    /// came within ``GoneCheck/timeout`` (the failure is then said as it was).
    private func checkGone(_ event: Event, id: PlaybackID, backend: any EventBackend, attempt: Int) {
        let results = results
        renewTask?.cancel()
        renewTask = Task {
            let gone = await GoneCheck.message(of: event, backend: backend)
            guard !Task.isCancelled else { return }
            results.post((id, .checkedGone(gone, attempt: attempt)))
        }
    }

    private func timeline() -> StartupTimeline? {
        guard let requested = marks.requested, let prepared = marks.prepared, let loaded = marks.loaded else { return nil }
        return StartupTimeline(prepare: marks.timings, prepared: prepared - requested, loaded: loaded - requested,
                               player: player.snapshot.timeline)
    }

    private func publish(_ kind: PlaybackUpdate.Kind) {
        guard let session else { return }
        published.append(PlaybackUpdate(session.id, kind, session: session.snapshot))
    }

    private func takePublished() -> [PlaybackUpdate] {
        defer { published = [] }
        return published
    }
}
