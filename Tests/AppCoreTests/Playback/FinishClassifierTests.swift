@testable import AppCore
import PlaybackStates
import Player
import Testing

/// How a playback finished, decided from the player's facts (docs/playback.md: "ended" only at
/// the real end). The player's own tests check that real media produce these facts.
@Suite("FinishClassifier")
struct FinishClassifierTests {
    typealias C = FinishClassifier

    @Test func endedOnlyWithinASecondOfTheDuration() {
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 9.4, duration: 10))) == .ended)
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 8.5, duration: 10))) == .error("stream ended early at 0:08 of 0:10"))
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 3, duration: nil))) == .ended, "a live playlist has no duration to fall short of")
    }

    @Test func anEarlyEndNamesTheFailedSegmentOrTheLastCause() {
        let segment = LogFindings(segmentSummary: "segment 5 failed (HTTP error 500 Internal Server Error)", lastCause: "HTTP error 500 Internal Server Error")
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 11, duration: 20, log: segment)))
                == .error("stream ended early at 0:11 of 0:20: segment 5 failed (HTTP error 500 Internal Server Error)"))
        let cause = LogFindings(lastCause: "Stream ends prematurely at 1000, should be 2000")
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 4, duration: 10, log: cause)))
                == .error("stream ended early at 0:04 of 0:10: Stream ends prematurely at 1000, should be 2000"))
    }

    @Test func aSkippedSegmentAtFullLengthIsStillAnError() {
        let end = EndOfFile(position: 10, duration: 10, log: LogFindings(segmentSummary: "segment 2 failed"))
        #expect(C.reason(for: .endOfFile(end)) == .error("played to the end but segment 2 failed; that part was skipped"))
    }

    @Test func theFrameLimitIsNotAnEarlyEndUnlessTheLogNamesAFailure() {
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 0.2, duration: 10, frameLimit: 5))) == .frameLimitReached(frames: 5))
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 0.2, duration: nil, frameLimit: 5))) == .frameLimitReached(frames: 5))
        let failed = EndOfFile(position: 0.2, duration: 10, frameLimit: 5, log: LogFindings(lastCause: "HTTP error 404 Not Found"))
        #expect(C.reason(for: .endOfFile(failed)) == .error("stream ended early at 0:00 of 0:10: HTTP error 404 Not Found"))
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 10, duration: 10, frameLimit: 5))) == .ended, "the file was shorter than the limit")
    }

    @Test func noticesMakeAWholeLookingPlaybackAnError() {
        #expect(C.reason(for: .endOfFile(EndOfFile(position: 10, duration: 10)), notices: ["segment2.ts failed: HTTP 500 after 4 attempts"])
                == .error("played to the end; that part was skipped"))
        #expect(C.reason(for: .stopped, notices: ["x"]) == .userExited)
    }

    @Test func anOpenFailureCarriesTheLoggedCauseOrTheLastLine() {
        let cause = MediaFailure(mpvMessage: "loading failed", log: LogFindings(lastCause: "HTTP error 404 Not Found"))
        #expect(C.reason(for: .failed(cause)) == .error("could not open the media: HTTP error 404 Not Found (mpv: loading failed)"))
        var started = cause
        started.started = true
        #expect(C.reason(for: .failed(started)) == .error("playback failed: HTTP error 404 Not Found (mpv: loading failed)"))
        let line = MediaFailure(mpvMessage: "unrecognized file format", log: LogFindings(lastLine: "Failed to recognize file format."))
        #expect(C.reason(for: .failed(line)) == .error("could not open the media: unrecognized file format (Failed to recognize file format.)"))
        #expect(C.reason(for: .failed(MediaFailure(mpvMessage: "loading failed"))) == .error("could not open the media: loading failed"))
    }

    @Test func anOpenWhereNothingArrivedWithinTheTimeoutNamesTheHost() {
        let silent = MediaFailure(mpvMessage: "unrecognized file format", waited: 12, host: "cdn.example:443", networkTimeout: 10,
                                  log: LogFindings(segmentSummary: "segment 0 failed"))
        #expect(C.reason(for: .failed(silent)) == .error(
            "could not open the media: the server at cdn.example:443 did not answer within the network timeout of 10 s (mpv: unrecognized file format)"))
        var early = silent
        early.waited = 3
        #expect(C.reason(for: .failed(early)) == .error("could not open the media: segment 0 failed (mpv: unrecognized file format)"))
    }

    @Test func aStallNamesWhereAndWhy() {
        let connecting = Stall(seconds: 30, connecting: true, host: "cdn.example:443", position: 0, duration: nil)
        #expect(C.reason(for: .stalled(connecting)) == .error("the server at cdn.example:443 sent nothing for 30 s"))
        let playing = Stall(seconds: 30, connecting: false, host: "cdn.example:443", position: 3, duration: 10,
                            log: LogFindings(segmentSummary: "segment 2 failed (Connection timed out)"))
        #expect(C.reason(for: .stalled(playing))
                == .error("stalled for 30 s at 0:03 of 0:10 waiting for cdn.example:443: segment 2 failed (Connection timed out)"))
    }

    @Test func aStopIsTheUsersAndAFailedStartIsAnError() {
        #expect(C.reason(for: .stopped) == .userExited)
        #expect(C.reason(for: .couldNotStart("option 'vo' rejected")) == .error("option 'vo' rejected"))
    }
}
