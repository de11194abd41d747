@testable import AppCore
import PlaybackStates
import Player
import Testing

@Suite("PlaybackSession: one playback's life")
struct PlaybackSessionTests {
    typealias F = SessionFixtures
    let id = PlaybackID(rawValue: 7)

    func loaded() -> PlaybackSession {
        var session = PlaybackSession(id: id, event: F.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(F.prepared("a"), attempt: 1))
        return session
    }

    /// At the end the player keeps the file (keep-open), so its private files and proxy prefix stay
    /// until the stop: a seek back past mpv's cache (a long event) still has them.
    @Test func prepareThenLoadThenEndKeepsThePrivateFilesUntilTheStop() {
        var session = PlaybackSession(id: id, event: F.event)
        #expect(session.handle(.start(at: 3)).words == ["publish preparing", "prepare#1"])
        #expect(session.phase == .preparing)
        #expect(session.handle(.prepared(F.prepared("a"), attempt: 1)).words == ["load a@3", "publish loaded"])
        #expect(session.phase == .loaded)
        #expect(session.handle(.player(.ended(.atTheEnd))).words == ["publish finished(ended)"])
        #expect(session.finishReason == .ended)
        #expect(session.handle(.stop).words == ["stopPlayer", "remove a"])
        #expect(session.handle(.stop).words == ["stopPlayer"], "removed once")
    }

    @Test func aFailedPreparationFinishesWithItsMessage() {
        var session = PlaybackSession(id: id, event: F.event)
        _ = session.handle(.start(at: 0))
        let effects = session.handle(.prepareFailed("no token for bucket 30-days", attempt: 1))
        #expect(effects.words == ["publish finished(error: no token for bucket 30-days)"])
        #expect(session.finishReason == .error("no token for bucket 30-days"))
    }

    @Test func accessDeniedRefreshesOnceAndReloadsWherePlaybackReallyIs() {
        var session = loaded()
        _ = session.handle(.player(.progress(PlaybackProgress(position: 4, duration: 12))))
        let denied = AccessDenied(status: 403, position: 4, message: "HTTP error 403")
        #expect(session.handle(.player(.accessDenied(denied))).words.last == "refresh#2")
        #expect(session.phase == .refreshing(denied))
        // The player keeps playing from its buffer while tokens are fetched.
        _ = session.handle(.player(.progress(PlaybackProgress(position: 6, duration: 12))))
        #expect(session.handle(.player(.ended(.endOfFile(EndOfFile(position: 6, duration: 12))))).isEmpty, "the reload replaces it")
        #expect(session.handle(.prepared(F.prepared("b"), attempt: 2)).words == ["load b@6", "publish loaded", "remove a"])
        #expect(session.phase == .loaded)
    }

    @Test func refusalsAtTheSamePositionGiveUpAfterABoundedNumberOfRefreshes() {
        var session = loaded()
        let denied = AccessDenied(status: 403, position: 2, message: "HTTP error 403")
        var attempt = 1
        for name in ["b", "c", "d"] {
            #expect(session.handle(.player(.accessDenied(denied))).words.last == "refresh#\(attempt + 1)")
            attempt += 1
            _ = session.handle(.prepared(F.prepared(name), attempt: attempt))
        }
        let effects = session.handle(.player(.accessDenied(denied)))
        #expect(effects.words.prefix(2) == ["stopPlayer", "remove d"])
        guard case .error(let message)? = session.finishReason else { Issue.record("not an error: \(session.phase)"); return }
        #expect(message == "the server keeps refusing fresh media tokens (HTTP 403 at 0:02 after 3 refreshes)")
    }

    @Test func refusalsAfterProgressAreNewExpiries() {
        var session = loaded()
        var attempt = 1
        for position in stride(from: 5.0, through: 40, by: 5) {
            _ = session.handle(.player(.progress(PlaybackProgress(position: position))))
            let effects = session.handle(.player(.accessDenied(AccessDenied(status: 403, position: position, message: ""))))
            attempt += 1
            #expect(effects.words.last == "refresh#\(attempt)")
            _ = session.handle(.prepared(F.prepared("p\(attempt)"), attempt: attempt))
        }
        #expect(session.phase == .loaded)
    }

    @Test func freshTokensThatFailToComeEndAsAnError() {
        var session = loaded()
        _ = session.handle(.player(.accessDenied(AccessDenied(status: 401, position: 1, message: ""))))
        let effects = session.handle(.prepareFailed("server unreachable", attempt: 2))
        #expect(effects.words.prefix(2) == ["stopPlayer", "remove a"])
        #expect(session.finishReason == .error("access refused and fresh tokens did not help: server unreachable"))
    }

    @Test func stopFinishesAsUserExitedAndAStaleResultIsRemoved() {
        var session = PlaybackSession(id: id, event: F.event)
        _ = session.handle(.start(at: 0))
        #expect(session.handle(.stop).words == ["stopPlayer", "publish finished(user exited)"])
        #expect(session.handle(.prepared(F.prepared("late"), attempt: 1)).words == ["remove late"])
        #expect(session.handle(.player(.ended(.stopped))).isEmpty, "the player's own word for our stop is not news")
    }

    @Test func aFinishedPlaybackStartsAgainAtItsPosition() {
        var session = loaded()
        _ = session.handle(.player(.progress(PlaybackProgress(position: 5, duration: 12))))
        _ = session.handle(.stop)
        #expect(session.handle(.start(at: session.position)).words == ["publish preparing", "prepare#3"])
        #expect(session.handle(.prepared(F.prepared("again"), attempt: 3)).words == ["load again@5", "publish loaded"])
    }

    /// The one restart after stop: `play` or Space once stopped (or failed) prepares afresh at the
    /// position; after the end, and while it plays, the command is the player's.
    @Test func playAfterAStopOrAnErrorStartsAgainAndOtherwiseGoesToThePlayer() {
        var session = loaded()
        #expect(session.handle(.command(.play)).words == ["perform play"])
        _ = session.handle(.player(.progress(PlaybackProgress(position: 5, duration: 12))))
        #expect(session.handle(.command(.stop)).words == ["stopPlayer", "remove a", "publish finished(user exited)"])
        #expect(session.handle(.command(.togglePause)).words == ["publish preparing", "prepare#3"])
        #expect(session.handle(.prepared(F.prepared("again"), attempt: 3)).words == ["load again@5", "publish loaded"])
        _ = session.handle(.player(.ended(.openFailed)))
        #expect(session.handle(.command(.play)).words == ["publish preparing", "prepare#5"])
        _ = session.handle(.prepared(F.prepared("third"), attempt: 5))
        _ = session.handle(.player(.ended(.atTheEnd)))
        #expect(session.handle(.command(.play)).words == ["perform play"], "after the end the player replays")
        #expect(session.handle(.command(.seek(to: 2))).words == ["perform seek(to: 2.0)"])
    }

    /// keep-open keeps the file after the end: a seek back or Space plays it again, and the session
    /// (the one owner of the finish) takes "ended" back; the next end is news again.
    @Test func playingOnAfterTheEndTakesTheFinishBackAndTheNextEndIsNews() {
        var session = loaded()
        #expect(session.handle(.player(.ended(.atTheEnd))).words == ["publish finished(ended)"])
        #expect(session.handle(.command(.seek(to: 3))).words == ["perform seek(to: 3.0)"], "the player still has the file")
        #expect(session.handle(.player(.resumedAfterEnd)).words == ["publish resumed"])
        #expect(session.phase == .loaded && session.finishReason == nil)
        #expect(session.handle(.player(.ended(.atTheEnd))).words == ["publish finished(ended)"])
        #expect(session.finishReason == .ended)
        #expect(session.handle(.player(.resumedAfterEnd)).words == ["publish resumed"])
        #expect(session.handle(.stop).words == ["stopPlayer", "remove a", "publish finished(user exited)"])
        #expect(session.handle(.player(.resumedAfterEnd)).isEmpty, "after a stop there is nothing to resume")
    }

    /// After a stop or an error nothing is loaded: a seek moves the session's position (the
    /// slider), and play starts there.
    @Test func aSeekWhileStoppedMovesThePositionAStartAgainBeginsAt() {
        var session = loaded()
        _ = session.handle(.player(.progress(PlaybackProgress(position: 5, duration: 12))))
        _ = session.handle(.stop)
        #expect(session.handle(.command(.seek(to: 30))).words == ["publish player(Player.PlayerUpdate.Kind.progress(0:12/0:12 +0s))"])
        #expect(session.position == 12, "kept within the duration")
        _ = session.handle(.command(.seek(to: 8)))
        #expect(session.handle(.command(.play)).words == ["publish preparing", "prepare#3"])
        #expect(session.handle(.prepared(F.prepared("again"), attempt: 3)).words == ["load again@8", "publish loaded"])
    }

    /// A second end after the finish was decided (a stop we asked for, a failed load) changes nothing.
    @Test func anEndAfterTheFinishIsNotNews() {
        var session = PlaybackSession(id: id, event: F.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(F.prepared("a"), attempt: 1))
        _ = session.handle(.loadFailed("bad option"))
        #expect(session.handle(.player(.ended(.couldNotStart("bad option")))).isEmpty)
        #expect(session.finishReason == .error("the player could not start: bad option"))
    }

    @Test func aLoadTheEngineRejectsIsAnError() {
        var session = PlaybackSession(id: id, event: F.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(F.prepared("a"), attempt: 1))
        #expect(session.handle(.loadFailed("bad option")).words.first == "remove a")
        #expect(session.finishReason == .error("the player could not start: bad option"))
    }

    @Test func updatesBeforeAStartAreIgnored() {
        var session = PlaybackSession(id: id, event: F.event)
        #expect(session.handle(.player(.ended(.atTheEnd))).isEmpty)
        #expect(session.handle(.stop).isEmpty)
    }
}

@Suite("PlaybackSession: what the network layer gave up on")
struct PlaybackSessionNoticeTests {
    @Test func aNoticeIsSaidAtOnceAndNamedWhenThePlaybackEndsInAnError() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(SessionFixtures.prepared("a"), attempt: 1))
        let said = session.handle(.notice("segment2.ts failed: HTTP 500 after 4 attempts"))
        #expect(said.words == ["publish notice(\"segment2.ts failed: HTTP 500 after 4 attempts\")"])
        _ = session.handle(.player(.ended(.endOfFile(EndOfFile(position: 12, duration: 12, log: LogFindings(segmentSummary: "segment 2 failed"))))))
        #expect(session.finishReason == .error(
            "segment2.ts failed: HTTP 500 after 4 attempts (played to the end but segment 2 failed; that part was skipped)"))
    }

    /// Through the proxy the player does not read ffmpeg's process-global log, so a skipped
    /// segment looks like a whole playback to it: the session's notice makes it the error it is.
    @Test func anEndAfterANoticeIsAnErrorThatNamesWhatWasSkipped() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(SessionFixtures.prepared("a"), attempt: 1))
        _ = session.handle(.notice("segment2.ts failed: HTTP 500 after 4 attempts"))
        let effects = session.handle(.player(.ended(.atTheEnd)))
        #expect(effects.words == ["remove a", "publish finished(error: segment2.ts failed: HTTP 500 after 4 attempts (played to the end; that part was skipped))"])
        var clean = PlaybackSession(id: PlaybackID(rawValue: 2), event: SessionFixtures.event)
        _ = clean.handle(.start(at: 0))
        _ = clean.handle(.prepared(SessionFixtures.prepared("b"), attempt: 1))
        _ = clean.handle(.player(.ended(.atTheEnd)))
        #expect(clean.finishReason == .ended)
    }

    @Test func aNoticeOfAnEarlierLoadIsForgottenByTheNextOne() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(SessionFixtures.prepared("a"), attempt: 1))
        _ = session.handle(.notice("segment2.ts failed: HTTP 500 after 4 attempts"))
        _ = session.handle(.stop)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(SessionFixtures.prepared("b"), attempt: 3))
        _ = session.handle(.player(.ended(.openFailed)))
        #expect(session.finishReason == .error("could not open the media: loading failed"))
    }
}

@Suite("PlaybackSession: an event no longer on the server")
struct PlaybackSessionGoneTests {
    /// ZoneMinder's video of a deleted event breaks off: the failure waits for the server's word.
    @Test func aFailureAsksWhetherTheEventIsGoneAndSaysTheServersWords() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event, asksIfGone: true)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(SessionFixtures.prepared("a"), attempt: 1))
        _ = session.handle(.notice("index.php failed: cannot reach 127.0.0.1/zm/index.php"))
        let effects = session.handle(.player(.ended(.openFailed)))
        #expect(effects.words == ["remove a", "checkGone#2"])
        #expect(!session.isFinished && session.snapshot.finish == nil, "nothing said yet")
        #expect(session.handle(.checkedGone("stale", attempt: 1)).isEmpty, "an older check is stale")
        let said = session.handle(.checkedGone("event 7 is no longer on the server", attempt: 2))
        #expect(said.words == ["publish finished(error: event 7 is no longer on the server)"])
        #expect(session.snapshot.eventGone)
        #expect(session.handle(.start(at: 0)).words.last == "prepare#3", "Enter again tries again")
        #expect(!session.snapshot.eventGone)
    }

    @Test func anEventStillThereGetsTheFailureAsItWas() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event, asksIfGone: true)
        _ = session.handle(.start(at: 0))
        #expect(session.handle(.prepareFailed("no token for bucket 30-days", attempt: 1)).words == ["checkGone#2"])
        #expect(session.handle(.checkedGone(nil, attempt: 2)).words == ["publish finished(error: no token for bucket 30-days)"])
        #expect(!session.snapshot.eventGone)
    }

    @Test func aStopWhileAskingFinishesAsUserExited() {
        var session = PlaybackSession(id: PlaybackID(rawValue: 1), event: SessionFixtures.event, asksIfGone: true)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepareFailed("boom", attempt: 1))
        _ = session.handle(.stop)
        #expect(session.finishReason == .userExited)
        #expect(session.handle(.checkedGone("gone", attempt: 2)).isEmpty)
    }
}
