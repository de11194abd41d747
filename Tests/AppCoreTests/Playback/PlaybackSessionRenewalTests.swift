@testable import AppCore
import EventsAPI
import Foundation
import PlaybackStates
import Player
import Testing

/// An event in progress whose video is a clip cut when it was asked for (Frigate's review item
/// with `end_time` null): at the clip's natural end the session asks the backend again and plays
/// the new clip from where the old one ended; an event that ended meanwhile ends at its end; a
/// failed renewal ends with an error that says so.
@Suite("PlaybackSession: an event in progress whose video is a clip plays on")
struct PlaybackSessionRenewalTests {
    typealias F = SessionFixtures
    let id = PlaybackID(rawValue: 9)

    /// A Frigate item in progress: no end, its vod clip cut at the time it was asked for.
    static var inProgress: Event {
        var event = Event(id: "1795846118.123456-6q9pam", cameraName: "Front Door", startTime: Date(timeIntervalSince1970: 1_795_846_118),
                          bucket: "alert", videoUrl: URL(string: "http://127.0.0.1:1/vod/front_door/start/1795846114/end/1795846165/index.m3u8")!)
        event.inProgressMedia = .clipUntilAsked
        return event
    }

    /// The same item asked for again `later` seconds on (`ended`: it ended meanwhile).
    static func renewed(later: Int, ended: Bool = false) -> Event {
        var event = inProgress
        event.videoUrl = URL(string: "http://127.0.0.1:1/vod/front_door/start/1795846114/end/\(1_795_846_165 + later)/index.m3u8")!
        if ended { event.endTime = event.startTime.addingTimeInterval(Double(40 + later)) }
        return event
    }

    static func end(at position: Double) -> PlaybackEnd {
        .endOfFile(EndOfFile(position: position, duration: position))
    }

    /// Started and loaded: the first clip ("a") plays.
    func playing() -> PlaybackSession {
        var session = PlaybackSession(id: id, event: Self.inProgress)
        _ = session.handle(.start(at: 0))
        _ = session.handle(.prepared(F.prepared("a"), attempt: 1))
        return session
    }

    @Test func theClipsEndAsksAgainAndTheNewClipLoadsWhereTheOldOneEnded() {
        var session = playing()
        _ = session.handle(.player(.progress(PlaybackProgress(position: 49, duration: 50))))
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).words == ["renew#2"], "no finish: the event goes on")
        #expect(session.phase == .renewing && session.finishReason == nil)
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).isEmpty, "a second word of the same end is not news")
        #expect(session.handle(.renewed(Self.renewed(later: 20), attempt: 2)).words == ["prepare#3"])
        #expect(session.event.videoUrl.path.hasSuffix("/end/1795846185/index.m3u8"), "the renewed clip is the one prepared")
        #expect(session.phase == .renewing)
        #expect(session.handle(.prepared(F.prepared("b"), attempt: 3)).words == ["load b@50", "publish loaded", "remove a"])
        #expect(session.phase == .loaded)
        // The second clip plays on from 0:50; its own end asks again.
        _ = session.handle(.player(.progress(PlaybackProgress(position: 60, duration: 70))))
        #expect(session.handle(.player(.ended(Self.end(at: 70)))).words == ["renew#4"])
    }

    @Test func aClipThatBroughtNothingNewWaitsBeforeAskingAgainAndGivesUpInTheEnd() {
        var session = playing()
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).words == ["renew#2"])
        var attempt = 2
        var waits = 0
        // Each renewed clip ends where it was loaded: playback caught up with the recordings.
        while true {
            _ = session.handle(.renewed(Self.renewed(later: waits), attempt: attempt))
            attempt += 1
            _ = session.handle(.prepared(F.prepared("c\(attempt)"), attempt: attempt))
            let effects = session.handle(.player(.ended(Self.end(at: 50))))
            guard session.phase == .renewing else {
                #expect(effects.words.last == "publish finished(error: \(RenewalPolicy().givingUpMessage(at: 50)))")
                break
            }
            attempt += 1
            #expect(effects.words == ["renew#\(attempt) after 2.0 seconds"])
            waits += 1
        }
        #expect(waits == Int(RenewalPolicy.patience) / 2, "\(waits) waits of 2 s")
        guard case .error(let message)? = session.finishReason else { Issue.record("not an error: \(session.phase)"); return }
        #expect(message == "the event is still in progress but the server has had no new video of it for 60 s (at 0:50)")
    }

    @Test func newVideoAfterAWaitAsksAtOnceAgain() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        _ = session.handle(.renewed(Self.renewed(later: 1), attempt: 2))
        _ = session.handle(.prepared(F.prepared("b"), attempt: 3))
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).words == ["renew#4 after 2.0 seconds"], "nothing new yet")
        _ = session.handle(.renewed(Self.renewed(later: 12), attempt: 4))
        _ = session.handle(.prepared(F.prepared("c"), attempt: 5))
        #expect(session.handle(.player(.ended(Self.end(at: 60)))).words == ["renew#6"], "10 s more: ask at once")
    }

    @Test func anEventThatEndedMeanwhilePlaysItsRestAndEndsThere() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        let ended = Self.renewed(later: 6, ended: true)
        #expect(session.handle(.renewed(ended, attempt: 2)).words == ["prepare#3"])
        #expect(session.event.endTime == ended.endTime)
        #expect(session.handle(.prepared(F.prepared("b"), attempt: 3)).words == ["load b@50", "publish loaded", "remove a"])
        // Its video has nothing past 0:50: the player's end of file at once is the real end now.
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).words == ["publish finished(ended)"])
        #expect(session.finishReason == .ended)
    }

    @Test func aFailedRenewalEndsWithAnErrorThatSaysSo() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        let message = "Frigate no longer has review item \"1795846118.123456-6q9pam\" (HTTP 404): it was deleted, or is past its retention"
        let effects = session.handle(.renewFailed(message, attempt: 2))
        #expect(effects.words == ["remove a", "publish finished(error: the event is in progress, but asking the server for more of it failed: \(message))"])
        #expect(session.handle(.renewed(Self.renewed(later: 5), attempt: 2)).isEmpty, "a late answer is stale")
        // Play after the error starts it again at the position, as after any error.
        #expect(session.handle(.command(.play)).words == ["publish preparing", "prepare#4"])
    }

    @Test func aFailedPreparationOfTheNewClipEndsWithAnError() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        _ = session.handle(.renewed(Self.renewed(later: 20), attempt: 2))
        let effects = session.handle(.prepareFailed("cannot reach the server at http://127.0.0.1:1 (connection refused)", attempt: 3))
        #expect(effects.words == ["remove a", "publish finished(error: the event is in progress, but its new video could not be prepared: "
                                      + "cannot reach the server at http://127.0.0.1:1 (connection refused))"])
    }

    @Test func aStopWhileRenewingFinishesAndTheLateAnswerIsStale() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        #expect(session.handle(.stop).words == ["stopPlayer", "remove a", "publish finished(user exited)"])
        #expect(session.handle(.renewed(Self.renewed(later: 5), attempt: 2)).isEmpty)
        #expect(session.handle(.renewFailed("late", attempt: 2)).isEmpty)
    }

    /// A seek back while the renewal is on its way plays the old clip again: the renewal is stale
    /// (loading the new clip at the old end would jump away from where the user went).
    @Test func aSeekBackWhileRenewingPlaysTheClipAndItsEndAsksAgain() {
        var session = playing()
        _ = session.handle(.player(.ended(Self.end(at: 50))))
        #expect(session.handle(.command(.seek(to: 30))).words == ["perform seek(to: 30.0)"], "the player still has the clip")
        #expect(session.handle(.player(.resumedAfterEnd)).isEmpty)
        #expect(session.phase == .loaded)
        #expect(session.handle(.renewed(Self.renewed(later: 5), attempt: 2)).isEmpty, "stale")
        #expect(session.handle(.player(.ended(Self.end(at: 50)))).words == ["renew#4"])
    }

    /// Only a natural end asks again: an early end is an error as for any event, and an event
    /// that has an end, or whose video is a live playlist, ends at its end.
    @Test func onlyTheNaturalEndOfACutClipOfAnEventInProgressAsksAgain() {
        var early = playing()
        let cut = PlaybackEnd.endOfFile(EndOfFile(position: 20, duration: 50, log: LogFindings(segmentSummary: "segment 3 failed")))
        #expect(early.handle(.player(.ended(cut))).words.last?.hasPrefix("publish finished(error: stream ended early at 0:20 of 0:50") == true)

        var finished = PlaybackSession(id: id, event: Self.renewed(later: 0, ended: true))
        _ = finished.handle(.start(at: 0))
        _ = finished.handle(.prepared(F.prepared("a"), attempt: 1))
        #expect(finished.handle(.player(.ended(Self.end(at: 50)))).words == ["publish finished(ended)"])

        var live = Self.inProgress
        live.inProgressMedia = .growingPlaylist
        var growing = PlaybackSession(id: id, event: live)
        _ = growing.handle(.start(at: 0))
        _ = growing.handle(.prepared(F.prepared("a"), attempt: 1))
        #expect(growing.handle(.player(.ended(Self.end(at: 50)))).words == ["publish finished(ended)"])
    }
}
