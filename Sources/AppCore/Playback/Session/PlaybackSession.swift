import EventsAPI
import PlaybackStates
import Player
import Playlist

/// One playback of one event, from the request to the removal of its private files, as a value:
/// every ``Input`` returns the ``Effect``s to run, in order, and I/O stays outside (the
/// ``PlaybackRunner`` runs them). Both front ends (the TUI and `play`) drive playbacks through it,
/// so this is the one place that prepares, loads, follows the player, refreshes media tokens on
/// `accessDenied`, finishes with a reason and cleans up.
///
/// ```swift
/// var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: event)
/// var effects = session.handle(.start(at: 0))     // [.publish(.preparing), .prepare(refreshTokens: false, attempt: 1)]
/// effects = session.handle(.prepared(prepared, attempt: 1))   // [.load(prepared, startAt: 0), .publish(.loaded)]
/// effects = session.handle(.player(.ended(.endOfFile(end))))  // [.publish(.finished(.ended))]: the player keeps the file
/// effects = session.handle(.stop)                             // [.stopPlayer, .remove(prepared)]
/// ```
///
/// The session alone decides how a playback finished: the player reports facts (``PlaybackEnd``)
/// and ``FinishClassifier`` turns them, with the network layer's notices, into the reason.
///
/// Lifecycle: `idle -> preparing -> loaded (-> refreshing -> loaded | -> renewing -> loaded)* -> finished`,
/// and `finished(.ended) -> loaded` when playback goes on after the end (keep-open kept the file).
/// A failure passes through `checking`: the backend is asked whether the event is still on the
/// server (``Effect/checkGone(attempt:)``), and a gone event finishes with the server's words
/// (``eventGone``) instead of the network's (a deleted ZoneMinder event's video breaks off).
/// `renewing`: the video of an event in progress is a clip cut when it was asked for
/// (``EventsAPI/Event/isCutWhileInProgress``, Frigate's): at its natural end the session asks the
/// backend for the event as it is now (``Effect/renew(attempt:after:)``) and loads the new clip at
/// the old one's end, so playback goes on; an event that ended meanwhile ends at its real end. A finished
/// playback can be started again (`.command(.play)`: Enter after a stop or an error): it is
/// prepared afresh and loaded at the last position, under the same identity. This is the only
/// restart after stop; the player never reloads by itself.
public struct PlaybackSession: Sendable {
    /// The one identity of this playback: it tags the player's updates, the private files and what
    /// the front ends show.
    public let id: PlaybackID
    /// The event as last asked of the backend (a renewal replaces it).
    public private(set) var event: Event
    public private(set) var phase: Phase = .idle
    /// The position (seconds): the player's last report, or where a seek put the slider while
    /// nothing was loaded; a reload or a start again resumes here.
    public private(set) var position: Double = 0
    /// The duration the player last reported, nil while unknown.
    public private(set) var duration: Double?
    /// Where the next load starts.
    private(set) var startAt: Double = 0
    /// The prepared playback the player has (its private files are in use).
    private(set) var current: PreparedPlayback?
    /// Numbers each preparation; a result for an older one is stale (its files are removed).
    private(set) var attempt = 0
    private(set) var refreshes = TokenRefreshPolicy()
    private(set) var renewals = RenewalPolicy()
    /// What the network layer gave up on during this load (newest last).
    private(set) var notices: [String] = []
    /// True once the server said the event is gone (the failure says so; a list drops it).
    public private(set) var eventGone = false

    /// Where a playback is in its life.
    public enum Phase: Sendable, Equatable {
        case idle
        /// Tokens, authorised URL, playlist, private files (before the player has anything).
        case preparing
        /// The player has it.
        case loaded
        /// Media requests were refused; fresh tokens are being fetched (the player keeps playing
        /// what it has buffered).
        case refreshing(AccessDenied)
        /// The clip of an event in progress played to its end: the backend is asked for the event
        /// as it is now and the new clip prepared (the player shows the old clip's last frame).
        case renewing
        /// It failed with this error: the backend is asked whether the event is still on the
        /// server (``Effect/checkGone(attempt:)``) before the failure is said.
        case checking(FinishReason)
        case finished(FinishReason)
    }

    /// True when a failure first asks whether the event is still on the server (a runner with a
    /// backend to ask); false: a failure is said at once.
    let asksIfGone: Bool

    public init(id: PlaybackID, event: Event, asksIfGone: Bool = false) {
        self.id = id
        self.event = event
        self.asksIfGone = asksIfGone
    }

    /// Applies one input; returns the work to do, in order.
    public mutating func handle(_ input: Input) -> [Effect] {
        switch input {
        case .start(let at): return start(at: at)
        case .prepared(let prepared, let number): return take(prepared, attempt: number)
        case .prepareFailed(let message, let number): return prepareFailed(message, attempt: number)
        case .loadFailed(let message): return finish(.error("the player could not start: \(message)"), stopPlayer: false, askIfGone: false)
        case .renewed(let renewed, let number): return takeRenewed(renewed, attempt: number)
        case .checkedGone(let gone, let number): return checked(gone: gone, attempt: number)
        case .renewFailed(let message, let number):
            guard number == attempt, case .renewing = phase else { return [] }
            return finish(.error("the event is in progress, but asking the server for more of it failed: \(message)"), stopPlayer: false, askIfGone: false)
        case .player(let update): return follow(update)
        case .notice(let text):
            guard !isFinished else { return [] }
            notices.append(text)
            return [.publish(.notice(text))]
        case .stop:
            // A finished playback may still show its last frame (ended, keep-open): stop that too,
            // and only now remove what it kept in use.
            if case .idle = phase { return [] }
            guard isFinished else { return finish(.userExited, stopPlayer: true) }
            defer { current = nil }
            return [.stopPlayer] + (current.map { [.remove($0)] } ?? [])
        case .command(let command): return perform(command)
        }
    }

    /// The one restart after stop: `play` (or `togglePause`) once the playback finished other than
    /// at its end (stopped, an error) starts it again at the last position, prepared afresh (its
    /// private files went when it finished) under the same identity. After the end the player
    /// replays from 0:00 itself (keep-open kept the file); a seek while nothing is loaded only moves
    /// the position the start again begins at; every other command goes to the player.
    private mutating func perform(_ command: PlayerCommand) -> [Effect] {
        switch command {
        case .stop:
            return handle(.stop)
        case .play, .togglePause:
            if let reason = finishReason, reason != .ended { return start(at: position) }
            return [.perform(command)]
        case .seek(let target):
            guard let reason = finishReason, reason != .ended else { return [.perform(command)] }
            position = max(0, duration.map { min(target, $0) } ?? target)
            return [.publish(.player(.progress(PlaybackProgress(position: position, duration: duration))))]
        default:
            return [.perform(command)]
        }
    }

    /// True once the playback finished (ended, error or stopped).
    public var isFinished: Bool {
        if case .finished = phase { true } else { false }
    }

    /// The reason it finished, if it did.
    public var finishReason: FinishReason? {
        if case .finished(let reason) = phase { reason } else { nil }
    }

    private mutating func start(at position: Double) -> [Effect] {
        switch phase {
        case .idle, .finished: break
        case .preparing, .loaded, .refreshing, .renewing, .checking: return []
        }
        phase = .preparing
        eventGone = false
        startAt = max(0, position)
        self.position = startAt
        refreshes = TokenRefreshPolicy()
        renewals = RenewalPolicy()
        attempt += 1
        return [.publish(.preparing), .prepare(refreshTokens: false, attempt: attempt)]
    }

    private mutating func take(_ prepared: PreparedPlayback, attempt number: Int) -> [Effect] {
        let wanted: Bool = switch phase {
        case .preparing, .refreshing, .renewing: number == attempt
        default: false
        }
        guard wanted else { return [.remove(prepared)] }
        let replaced = current
        current = prepared
        phase = .loaded
        notices = []
        // A refresh resumes where playback really is: the player kept playing while tokens were fetched.
        let at = max(startAt, position)
        return [.load(prepared, startAt: at), .publish(.loaded)] + (replaced.map { [.remove($0)] } ?? [])
    }

    private mutating func prepareFailed(_ message: String, attempt number: Int) -> [Effect] {
        guard number == attempt else { return [] }
        switch phase {
        case .preparing:
            return finish(.error(message), stopPlayer: false)
        case .refreshing:
            return finish(.error("access refused and fresh tokens did not help: \(message)"), stopPlayer: true)
        case .renewing:
            // The player keeps the last clip's last frame, as after an end.
            return finish(.error("the event is in progress, but its new video could not be prepared: \(message)"), stopPlayer: false)
        default:
            return []
        }
    }

    /// The player's facts: progress moves the position; an end becomes the finish (decided here,
    /// by ``FinishClassifier``); playing on after the end of the file takes the finish back.
    private mutating func follow(_ update: PlayerUpdate.Kind) -> [Effect] {
        switch update {
        case .progress(let progress):
            position = progress.position
            duration = progress.duration
        case .accessDenied(let denied):
            return refresh(denied)
        case .ended(let end):
            if case .idle = phase { return [] }
            if isFinished { return [] }   // already said (a stop we asked for, a failed load)
            if case .renewing = phase { return [] }   // the renewed clip replaces the one that ended
            if case .checking = phase { return [] }   // the failure is being checked
            let reason = FinishClassifier.reason(for: end, notices: notices)
            if case .refreshing = phase, reason != .ended {
                return []   // the reload with fresh tokens replaces what the refusal ended
            }
            if reason == .ended, case .loaded = phase, event.isCutWhileInProgress, case .endOfFile(let file) = end {
                return renew(at: file.position)
            }
            return finish(reason, stopPlayer: false)
        case .resumedAfterEnd:
            // keep-open kept the file: a seek back or Space after the end plays it again.
            if case .renewing = phase {
                // The clip plays again before its renewal came: that renewal is stale, and the
                // clip's end asks again, at once.
                phase = .loaded
                attempt += 1
                renewals = RenewalPolicy()
                return []
            }
            guard finishReason == .ended else { return [] }
            phase = .loaded
            return [.publish(.resumed)]
        default:
            break
        }
        return [.publish(.player(update))]
    }

    /// `accessDenied`: fresh tokens, then a reload at the position, a bounded number of times.
    private mutating func refresh(_ denied: AccessDenied) -> [Effect] {
        switch phase {
        case .loaded, .finished(.ended): break
        default: return []
        }
        let resumeAt = max(denied.position, position)
        guard refreshes.allows(at: resumeAt) else {
            return finish(.error(refreshes.givingUpMessage(denied)), stopPlayer: true)
        }
        refreshes.record(at: resumeAt)
        phase = .refreshing(denied)
        startAt = resumeAt
        attempt += 1
        return [.publish(.refreshing(denied)), .prepare(refreshTokens: true, attempt: attempt)]
    }

    /// The natural end of a clip of an event in progress at `end` seconds: ask the backend for the
    /// event as it is now (at once, or after a wait when the last clip brought nothing new), then
    /// play the new clip from there.
    private mutating func renew(at end: Double) -> [Effect] {
        position = max(position, end)
        guard let wait = renewals.wait(at: position) else {
            return finish(.error(renewals.givingUpMessage(at: position)), stopPlayer: false)
        }
        phase = .renewing
        startAt = position
        attempt += 1
        return [.renew(attempt: attempt, after: wait)]
    }

    /// The event as the backend has it now: prepare its video, to load at the old clip's end. An
    /// event that ended meanwhile plays what its video has past that point and then ends (the
    /// player's end of file finishes it as ``FinishReason/ended``).
    private mutating func takeRenewed(_ renewed: Event, attempt number: Int) -> [Effect] {
        guard number == attempt, case .renewing = phase else { return [] }
        event = renewed
        attempt += 1
        return [.prepare(refreshTokens: false, attempt: attempt)]
    }

    /// Finishes with `reason`. An error first asks the backend whether the event is still on the
    /// server (`askIfGone`; not where the server was just asked, or the player itself failed):
    /// the failure is said when the answer comes (``checked(gone:attempt:)``).
    private mutating func finish(_ reason: FinishReason, stopPlayer: Bool, askIfGone: Bool = true) -> [Effect] {
        var reason = reason
        if case .error(let message) = reason, let last = notices.last {
            reason = .error("\(last) (\(message))")   // which request failed and why, then where it showed
        }
        attempt += 1   // a preparation still running is stale now
        var effects: [Effect] = stopPlayer ? [.stopPlayer] : []
        // At its end the player keeps the file (keep-open): a seek back or Space plays it again and
        // reads what its cache no longer holds (a long event) through the same proxy prefix or
        // private playlist. They go with the stop (another event, quitting) or a reload.
        if reason != .ended || stopPlayer, let current {
            effects.append(.remove(current))
            self.current = nil
        }
        if askIfGone, asksIfGone, case .error = reason {
            phase = .checking(reason)
            effects.append(.checkGone(attempt: attempt))
            return effects
        }
        phase = .finished(reason)
        effects.append(.publish(.finished(reason)))
        return effects
    }

    /// The backend's answer to ``Effect/checkGone(attempt:)``: `gone` (its words) replaces the
    /// failure; nil says the failure as it was.
    private mutating func checked(gone: String?, attempt number: Int) -> [Effect] {
        guard number == attempt, case .checking(var reason) = phase else { return [] }
        if let gone {
            reason = .error(gone)
            eventGone = true
        }
        phase = .finished(reason)
        return [.publish(.finished(reason))]
    }
}
