import EventsAPI
import Foundation
import TUI

/// Camera health where the server reports it (``CameraHealthBoard``): asked for while the `c`
/// picker or the timeline is on the screen, and shown beside each camera's name there, written
/// by ``CameraHealthText``. A server that reports none, or fails, shows nothing.
extension AppState {
    /// Something on the screen shows camera health: the `c` picker, the timeline (also under a
    /// prompt or picker opened over it; not under the recorded montage, which has its own
    /// titles), the live montage's tiles and the live view's status bar.
    var isHealthShown: Bool {
        form == nil && (cameraPicker != nil || (isTimelineShown && montage == nil) || montage?.isLive == true
            || playback?.live != nil)
    }

    /// Asks when due. Called on every turn of ``reduce(_:now:)``.
    mutating func healthTurn(now: ContinuousClock.Instant) -> [AppEffect] {
        health.reduce(.turn(isShown: isHealthShown), now: now) == .poll ? [.fetchCameraHealth] : []
    }

    /// The server's answer (nil: it reports no health).
    mutating func cameraHealthLoaded(_ reports: [CameraHealth]?, now: ContinuousClock.Instant) {
        _ = health.reduce(.answered(reports), now: now)
    }

    /// The request failed: nothing is said (the coordinator logs it); the board backs off.
    mutating func cameraHealthFailed(now: ContinuousClock.Instant) {
        _ = health.reduce(.failed, now: now)
    }

    /// When health needs a turn: only while it is shown.
    var healthDeadline: ContinuousClock.Instant? {
        isHealthShown ? health.nextDeadline : nil
    }

    /// Each camera's badge by the name the lists show (``Camera/name``; a camera the server did
    /// not list under its id keeps the id), with the server's word on whether it is switched on.
    var healthBadges: [String: CameraHealthBadge] {
        healthByName.mapValues { CameraHealthText.badge($0.report, isEnabled: $0.isEnabled) }
    }

    /// A tile's (or any one line's) title for the camera shown as `name`: its name, then its
    /// health when the board has it ("Front Door · ● 5 fps"). For the live montage's tiles; what
    /// shows them also belongs in ``isHealthShown``, so that the board is kept fresh meanwhile.
    func healthTitle(_ name: String) -> String {
        let known = healthByName[name]
        return CameraHealthText.title(name, health: known?.report, isEnabled: known?.isEnabled ?? true)
    }

    /// The board's reports by the cameras' shown names.
    private var healthByName: [String: (report: CameraHealth, isEnabled: Bool)] {
        let current = health.current
        guard !current.isEmpty else { return [:] }
        let cameras = Dictionary(catalogue.serverCameras.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byName: [String: (report: CameraHealth, isEnabled: Bool)] = [:]
        for (id, report) in current {
            let camera = cameras[id]
            byName[camera?.name ?? id] = (report, camera?.isEnabled ?? true)
        }
        return byName
    }
}
