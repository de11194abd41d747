import AppCore
import PlaybackProxy
import PlaybackStates
import Player

/// The playback's updates as the model takes them: the session's account (position, duration,
/// finish), the player's facts, the preparing count, the download rate, the notices for the
/// message line.
extension PlaybackModel {
    /// Takes an update of this playback (the caller drops another playback's). `player` keeps what
    /// the player says of the audio; `home` shortens a saved snapshot's path. Returns the reason
    /// when the playback finished.
    mutating func apply(_ update: PlaybackUpdate, player: inout PlayerSettings, status: inout StatusLine, home: String,
                        now: ContinuousClock.Instant) -> FinishReason? {
        session = update.session   // position, duration, finish: the session's alone
        switch update.kind {
        case .preparing:
            isPreparing = true
            startPreparing(now: now)
        case .loaded:
            isPreparing = false
            preparingSince = nil
        case .refreshing(let denied):
            status.show("Refreshing access… (\(denied.status) at \(DurationText.clock(denied.position)))", now: now)
        case .player(.screenshot(let path, let error)):
            status.show(error.map { "No snapshot: \($0)" } ?? "Snapshot saved: \(Self.shortened(path, home: home))", now: now)
        case .player(let kind):
            apply(kind, player: &player, status: &status)
        case .timeline(let timeline):
            self.timeline = timeline
        case .resumed:
            break   // the session took "ended" back (its snapshot says so): it plays again after the end
        case .downloadRate(let rate):
            showDownloadRate(rate, now: now)
        case .notice(let text):
            status.show(UserFacing.sentence(text), now: now)
        case .finished(let reason):
            if isPreparing { load = .unknown }
            isPreparing = false
            preparingSince = nil
            pendingSeekTarget = nil
            if case .error(let text) = reason { status.error = "Playback failed: \(text)" }
            return reason
        }
        return nil
    }

    private mutating func apply(_ update: PlayerUpdate.Kind, player: inout PlayerSettings, status: inout StatusLine) {
        switch update {
        case .playback(let state):
            playback = state
            if !isSeeking { pendingSeekTarget = nil }
        case .load(let state): load = state
        case .progress(let progress):   // position and duration came with the session's snapshot
            bufferedAhead = progress.bufferedAhead
            if let target = pendingSeekTarget, !isSeeking, abs(target - progress.position) < 0.75 {
                pendingSeekTarget = nil
            }
        case .audio(let isMuted, let level):
            player.muted = isMuted
            player.volume = Int(level.rounded())
        case .firstFrame:
            status.message = nil   // "Opening …" / "Refreshing access…" are done
        default:
            break   // finishes and refusals reach us as the playback session's own updates
        }
    }

    /// `path` with the home directory as `~`: `shortened("/home/me/Pictures/x.png", home: "/home/me") == "~/Pictures/x.png"`.
    static func shortened(_ path: String, home: String) -> String {
        let prefix = home.hasSuffix("/") ? String(home.dropLast()) : home
        guard !prefix.isEmpty, path.hasPrefix(prefix + "/") else { return path }
        return "~" + path.dropFirst(prefix.count)
    }
}

// MARK: - Preparing

/// While a playback is prepared (media tokens, then in direct mode the playlist itself, before
/// the player has anything) the status bar shows the same words as while the player opens:
/// "connecting…", then "waiting for the server (N s)", counted by the tick. A slow server is
/// then visibly slow, not "stopped".
extension PlaybackModel {
    mutating func startPreparing(now: ContinuousClock.Instant) {
        preparingSince = now
        load = .connecting(waited: 0)
    }

    /// The tick: the seconds waited so far.
    mutating func countPreparing(now: ContinuousClock.Instant) {
        guard isPreparing, let since = preparingSince else { return }
        load = .connecting(waited: Int((now - since).components.seconds))
    }

    /// When the count next changes (a whole second after the start), while preparing.
    var preparingDeadline: ContinuousClock.Instant? {
        guard isPreparing, let since = preparingSince, case .connecting(let waited) = load else { return nil }
        return since + .seconds(waited + 1)
    }
}

// MARK: - Download rate

/// The download rate on the status bar (`--network proxy`): "↓ 2.4 MB/s" while the proxy
/// downloads; hidden ``downloadRateLifetime`` after the last report (reports come at most once a
/// second and only while bytes flow, so an idle playback gets one tick to hide it, then none),
/// and when the playback finished.
extension PlaybackModel {
    /// How long a reported rate stays without a newer one.
    static let downloadRateLifetime: Duration = .seconds(3)

    mutating func showDownloadRate(_ bytesPerSecond: Double, now: ContinuousClock.Instant) {
        downloadRate = bytesPerSecond
        downloadRateUntil = now + Self.downloadRateLifetime
    }

    /// Hides a rate nobody renewed.
    mutating func expireDownloadRate(now: ContinuousClock.Instant) {
        guard let until = downloadRateUntil, until <= now else { return }
        downloadRate = nil
        downloadRateUntil = nil
    }

    /// "↓ 2.4 MB/s", or "" when nothing is downloading or the playback is over.
    var downloadRateText: String {
        guard finish == nil, let rate = downloadRate, rate > 0 else { return "" }
        return "↓ " + DownloadRate.text(bytesPerSecond: rate)
    }
}
