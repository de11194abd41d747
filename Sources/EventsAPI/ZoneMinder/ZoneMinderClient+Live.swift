import Foundation
import SystemSupport

/// ZoneMinder's monitors now: live through zms, health from `monitors.json` (docs/zoneminder.md,
/// "Live and camera health").
extension ZoneMinderClient {
    /// Monitor `camera` (an id or a name) live: zms's JPEG feed
    /// (`cgi-bin/nph-zms?mode=jpeg&monitor=<id>&maxfps=<fps>&scale=<pct>`), scaled so its height
    /// is about `quality.height` (never above the monitor's own size), as an event with no end.
    /// The token is not in the URL: the player's requests add it (``MediaAuthorization/queryToken``),
    /// and through the proxy it never reaches mpv.
    ///
    /// Asks `GET /api/monitors.json` for the monitor's size and state: a monitor ZoneMinder does
    /// not capture (its function or capturing None, its zmc not running) throws, saying so. Each
    /// open feed is a zms process on the server for as long as it is read.
    public func live(camera: String, quality: LiveQuality) async throws -> Event? {
        let items = try await monitorItems()
        let id = try resolve(camera: camera, monitors: items.map(\.Monitor))
        guard let item = items.first(where: { $0.Monitor.Id.int.map(String.init) == id }) else { return nil }
        let monitor = item.Monitor
        if let reason = Self.notCapturing(item) {
            throw EventsAPIError(.rejected, "camera \(TerminalText.quoted(monitor.Name, limit: 60)) is not capturing (\(reason))")
        }
        let scale = Self.scale(for: quality.height, of: monitor)
        var event = Event(id: "live-\(id)", cameraName: monitor.Name, title: "live", startTime: now(), endTime: nil,
                          bucket: "live", videoUrl: ZoneMinderPaths.liveFeed(base, monitor: id, fps: quality.fps, scale: scale),
                          thumbnailUrl: ZoneMinderPaths.livePicture(base, monitor: id, scale: scale))
        event.cameraID = id
        event.authorization = requiresSignIn ? .queryToken : .none
        event.videoFormat = .liveFeed
        return event
    }

    /// Each monitor's state from `GET /api/monitors.json` (`Monitor_Status`, which its capture
    /// daemon zmc writes): online when `Status` is Connected or Running and `CaptureFPS` is above
    /// 0, the monitor captured at all (function or capturing not None).
    public func cameraHealth() async throws -> [CameraHealth]? {
        try await monitorItems().compactMap { item in
            guard let id = item.Monitor.Id.int else { return nil }
            let status = item.Monitor_Status?.Status
            return CameraHealth(camera: String(id), isOnline: Self.notCapturing(item) == nil && Self.isOnline(item),
                                captureFPS: item.Monitor_Status?.CaptureFPS?.value, status: status)
        }
    }

    /// Connected or Running, with frames.
    static func isOnline(_ item: ZoneMinderBody.MonitorItem) -> Bool {
        guard let status = item.Monitor_Status?.Status, status == "Connected" || status == "Running" else { return false }
        return (item.Monitor_Status?.CaptureFPS?.value ?? 0) > 0
    }

    /// Why ZoneMinder does not capture the monitor now; nil when it does (or may: zms then says
    /// "Not connected" in its pictures until zmc has one).
    static func notCapturing(_ item: ZoneMinderBody.MonitorItem) -> String? {
        let monitor = item.Monitor
        if monitor.Function == "None" { return "its function is None" }
        if monitor.Capturing == "None" { return "its capturing is None" }
        if item.Monitor_Status?.Status == "NotRunning" { return "ZoneMinder says NotRunning: its capture daemon zmc is stopped" }
        return nil
    }

    /// The `scale` (percent) that makes the monitor's picture `height` pixels high, rounded up,
    /// 1…100 (zms would enlarge above 100: the player does that for nothing); 100 when the
    /// monitor's size is unknown.
    static func scale(for height: Int, of monitor: ZoneMinderBody.Monitor) -> Int {
        guard let full = monitor.shownHeight else { return 100 }
        let percent = (height * 100 + full - 1) / full
        return min(100, max(1, percent))
    }
}
