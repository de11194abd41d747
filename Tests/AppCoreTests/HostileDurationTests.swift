import AppCore
import Foundation
import PlaybackStates
import Player
import Playlist
import Testing

/// Durations from a hostile playlist: EXTINF values of up to 18 digits each add up past
/// `Int.max` seconds, and the clocks of `export`'s lines and the player's slider converted them with
/// `Int(_:)`, which traps. They show a capped clock instead.
@Suite struct HostileDurationTests {
    /// Ten segments of 999,999,999,999,999,999 s each: 1e19 s in all, above Int.max (9.2e18).
    static let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        + String(repeating: "#EXTINF:999999999999999999,\nseg.ts\n", count: 10) + "#EXT-X-ENDLIST\n"

    @Test func aPlaylistWhoseDurationsAddUpPastIntMaxShowsAClock() throws {
        let rewriter = M3U8Rewriter(playlistURL: URL(string: "http://h.example/v/index.m3u8")!, token: "t", appendsEndList: true)
        let total = try rewriter.rewrite(Data(Self.playlist.utf8)).summary.totalDuration
        #expect(total > Double(Int.max))
        #expect(DurationText.clock(total).hasSuffix(":46:40"), "capped at 1e15 s: \(DurationText.clock(total))")
        #expect(PlaybackProgress(position: total, duration: total, bufferedAhead: total).description.contains("/"))
        #expect(PlaybackProgress(position: .nan, duration: .infinity, bufferedAhead: .nan).description == "0:00/0:00 +0s")
        #expect(DurationText.clock(-5) == "0:00" && DurationText.clock(71) == "1:11")
    }
}
