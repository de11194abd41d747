import AppCore
import Testing
@testable import TUIState

/// The download rate on the status bar (`--network proxy`): shown as "↓ 2.4 MB/s", hidden when
/// nothing renewed it or the playback is over. (How it is measured and carried: AppCoreTests'
/// DownloadRateTests.)
@Suite struct DownloadRateStatusTests {
    @Test func theStatusBarShowsTheRateWhileItIsRenewedAndHidesItAfter() {
        var state = Fixtures.playingState()
        let now = ContinuousClock.now
        _ = state.reduce(Fixtures.update(.downloadRate(bytesPerSecond: 2_400_000), state), now: now)
        #expect(state.screen().player?.downloadRateText == "↓ 2.4 MB/s")
        #expect(state.playback?.downloadRateUntil == now + PlaybackModel.downloadRateLifetime)
        _ = state.reduce(Fixtures.update(.downloadRate(bytesPerSecond: 850_000), state), now: now + .seconds(1))
        #expect(state.screen().player?.downloadRateText == "↓ 850 kB/s")
        _ = state.reduce(.tick, now: now + .seconds(1) + PlaybackModel.downloadRateLifetime)
        #expect(state.screen().player?.downloadRateText == "")
        #expect(state.playback?.downloadRateUntil == nil, "idle: no deadline of its own left")
    }

    @Test func aFinishedPlaybackShowsNoRate() {
        var state = Fixtures.playingState()
        _ = state.reduce(Fixtures.update(.downloadRate(bytesPerSecond: 2_400_000), state), now: .now)
        _ = state.reduce(Fixtures.update(.finished(.ended), state), now: .now)
        #expect(state.screen().player?.downloadRateText == "")
    }
}
