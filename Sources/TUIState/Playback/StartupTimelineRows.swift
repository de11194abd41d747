import AppCore
import Player
import Playlist
import SystemSupport
import TUI

/// A playback's ``StartupTimeline`` as the rows of the timeline overlay, in milliseconds since
/// play was requested: tokens, playlist, rewrite, private files, prepared, then mpv's open, load
/// and first frame.
enum StartupTimelineRows {
    static func rows(_ timeline: StartupTimeline) -> [TimelineRow] {
        var rows: [TimelineRow] = []
        var sum = 0.0
        let prepare = timeline.prepare
        for (label, ms) in [("tokens", prepare.tokensMilliseconds), ("playlist fetched", prepare.fetchMilliseconds),
                            ("playlist rewritten", prepare.rewriteMilliseconds), ("private files written", prepare.writeMilliseconds)] {
            sum += ms
            rows.append(TimelineRow(label: label, milliseconds: Int(sum.rounded())))
        }
        rows.append(TimelineRow(label: "prepared", milliseconds: Int(timeline.prepared.milliseconds)))
        let player = timeline.player
        for (label, duration) in [("mpv opened", player.mpvOpen), ("file loaded", player.fileLoaded), ("first frame", player.firstFrame)] {
            if let duration { rows.append(TimelineRow(label: label, milliseconds: Int((timeline.loaded + duration).milliseconds))) }
        }
        return rows
    }
}
