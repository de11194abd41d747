@testable import AppCore
import Foundation
import Networking
import PlaybackStates
import Player
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The download rate (`--network proxy`): reported at most once a second while bytes flow, carried
/// by the runner for the current playback only. (How the status bar shows it: TUIStateTests'
/// DownloadRateStatusTests.)
@Suite struct DownloadRateTests {
    static func record(bytes: Int, at date: Date) -> RequestRecord {
        RequestRecord(date: date, kind: .mediaSegment, method: "GET", target: "/p/segment1.ts", status: 200, attempt: 1, delay: 0,
                      milliseconds: 0, bytes: bytes)
    }

    @Test func theMeterReportsAtMostOnceASecondAndNothingForEmptyRecords() {
        var meter = DownloadRateMeter()
        let t0 = Date(timeIntervalSince1970: 1_000_000)
        #expect(meter.add(Self.record(bytes: 0, at: t0), now: t0) == .none, "no bytes, no report")
        #expect(meter.add(Self.record(bytes: 5_000_000, at: t0), now: t0) == .now(1_000_000), "5 MB over the 5 s window")
        #expect(meter.add(Self.record(bytes: 2_000_000, at: t0 + 1.2), now: t0 + 1.2) == .now(1_400_000))
    }

    @Test func aBurstInsideTheIntervalGetsOneTrailingReport() {
        var meter = DownloadRateMeter()
        let t0 = Date(timeIntervalSince1970: 1_000_000)
        _ = meter.add(Self.record(bytes: 1_000_000, at: t0), now: t0)
        #expect(meter.add(Self.record(bytes: 2_000_000, at: t0 + 0.2), now: t0 + 0.2) == .at(t0 + 1), "throttled: one report later")
        #expect(meter.add(Self.record(bytes: 2_000_000, at: t0 + 0.4), now: t0 + 0.4) == .none, "already asked for")
        #expect(meter.trailing(now: t0 + 1) == 1_000_000, "the whole burst: 5 MB over the 5 s window")
        #expect(meter.add(Self.record(bytes: 1_000_000, at: t0 + 1.5), now: t0 + 1.5) == .at(t0 + 2))
    }

    @Test func theRunnerCarriesTheCurrentPlaybacksRateOnly() async throws {
        let preparer = FakePreparer()
        preparer.answer(.success(SessionFixtures.prepared("a")))
        let kinds = try await PlaybackRunnerTests.onThread { () throws -> [PlaybackUpdate.Kind] in
            let runner = try PlaybackRunner(player: try FakePlayer(), preparer: preparer)
            _ = runner.start(SessionFixtures.event, as: PlaybackID(rawValue: 1), at: 0)
            _ = PlaybackRunnerTests.drain(runner) { $0.contains { $0.kind == .loaded } }
            preparer.noticeSink.yield(PlaybackNotice(group: "other", bytesPerSecond: 1))
            preparer.noticeSink.yield(PlaybackNotice(group: "a", bytesPerSecond: 2_400_000))
            return PlaybackRunnerTests.drain(runner) { !$0.isEmpty }.map(\.kind)
        }
        #expect(kinds == [.downloadRate(bytesPerSecond: 2_400_000)])
    }
}
