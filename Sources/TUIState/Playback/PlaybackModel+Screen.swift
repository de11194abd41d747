import EventsAPI
import Foundation
import PlaybackStates
import SystemSupport
import TUI

extension PlaybackModel {
    /// The player pane for this playback: its title, the transport and slider, how it plays and is
    /// drawn (`player`); a live feed's status segments, with the camera's health (`healthBadges`,
    /// by camera name) when the server says it sends nothing.
    func snapshot(player: PlayerSettings, healthBadges: [String: CameraHealthBadge], now: Date, calendar: Calendar) -> PlayerPaneSnapshot {
        var snapshot = PlayerPaneSnapshot(
            title: TerminalText.printable("\(event.cameraName) · \(event.title ?? event.id)"),
            subtitle: TerminalText.printable("\(WallTimeText.start(event.startTime, now: now, calendar: calendar)) · \(event.bucket) · \(event.id)"),
            playback: playback, load: load, finish: finish, position: position,
            duration: duration, bufferedAhead: bufferedAhead, pendingSeekTarget: pendingSeekTarget,
            isMuted: player.muted, volume: player.volume,
            videoModeText: player.isTerminalVideo && !player.isVideoOn ? "video off" : player.videoModeText,
            networkText: player.networkText, isLive: isLive)
        snapshot.downloadRateText = downloadRateText
        let failed = if case .error = finish { true } else { false }
        snapshot.showsVideo = player.drawsVideo && !isPreparing && !failed
        if isPreparing { snapshot.subtitle += " · preparing…" }
        snapshot.speedText = player.speed.isNormal ? "" : player.speed.text
        snapshot.showsFrameTime = showsFrameTime
        snapshot.alarmMarks = alarms.starts
        if let live {
            (snapshot.liveSegments, snapshot.isLiveStalled) = live.statusSegments
            // The server's own word on the camera (its health), when it says it sends nothing.
            if let badge = healthBadges[live.camera], badge.state != .online {
                snapshot.liveSegments.append("camera \(badge.text)")
                snapshot.isLiveStalled = true
            }
            snapshot.title = TerminalText.printable("\(live.camera) · live")
            snapshot.subtitle = "since " + WallTimeText.start(event.startTime, now: now, calendar: calendar)
                + (isPreparing ? " · preparing…" : "")
        }
        return snapshot
    }
}
