import PlaybackProxy

/// The download rate on the status bar (`--network proxy`): "↓ 2.4 MB/s" while the proxy
/// downloads; hidden ``downloadRateLifetime`` after the last report (reports come at most once a
/// second and only while bytes flow, so an idle playback gets one tick to hide it, then none),
/// and when the playback finished.
extension AppState {
    /// How long a reported rate stays without a newer one.
    static let downloadRateLifetime: Duration = .seconds(3)

    static func showDownloadRate(_ bytesPerSecond: Double, in model: inout PlaybackModel, now: ContinuousClock.Instant) {
        model.downloadRate = bytesPerSecond
        model.downloadRateUntil = now + downloadRateLifetime
    }

    /// Hides a rate nobody renewed.
    mutating func expireDownloadRate(now: ContinuousClock.Instant) {
        guard let until = playback?.downloadRateUntil, until <= now else { return }
        playback?.downloadRate = nil
        playback?.downloadRateUntil = nil
    }

    /// "↓ 2.4 MB/s", or "" when nothing is downloading or the playback is over.
    func downloadRateText(_ model: PlaybackModel) -> String {
        guard model.finish == nil, let rate = model.downloadRate, rate > 0 else { return "" }
        return "↓ " + DownloadRate.text(bytesPerSecond: rate)
    }
}
