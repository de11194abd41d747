import Player
import Playlist
import TUI

/// The startup timeline of one playback, in milliseconds since play was requested:
/// tokens, playlist, rewrite, private files (from the preparer), then mpv's open, load and first frame.
enum StartupTimelineRows {
    static func rows(prepare: StartupTimings, requestedAt: ContinuousClock.Instant, readyAt: ContinuousClock.Instant,
                     loadedAt: ContinuousClock.Instant, player: PlaybackTimeline) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        var sum = 0.0
        for (label, ms) in [("tokens", prepare.tokensMilliseconds), ("playlist fetched", prepare.fetchMilliseconds),
                            ("playlist rewritten", prepare.rewriteMilliseconds), ("private files written", prepare.writeMilliseconds)] {
            sum += ms
            rows.append(TimelineRow(label: label, milliseconds: Int(sum.rounded())))
        }
        rows.append(TimelineRow(label: "prepared", milliseconds: milliseconds(readyAt - requestedAt)))
        let offset = loadedAt - requestedAt
        for (label, duration) in [("mpv opened", player.mpvOpen), ("file loaded", player.fileLoaded), ("first frame", player.firstFrame)] {
            if let duration { rows.append(TimelineRow(label: label, milliseconds: milliseconds(offset + duration))) }
        }
        return rows
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
