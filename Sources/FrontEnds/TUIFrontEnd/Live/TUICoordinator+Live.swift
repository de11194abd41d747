import AppCore
import EventsAPI
import Foundation
import TUI
import TUIState

/// `L` on the loop's thread: the camera's feed asked for at the pane's size and the link's rate,
/// and the frames the pane draws of it measured for the status bar.
extension TUICoordinator {
    /// At most this many frames a second are asked of a server (Frigate's own live view asks 5
    /// of its MJPEG feed); a link that carries fewer asks for what it carries.
    static let liveFramesPerSecond = 5
    /// Without terminal video (mpv's window), the picture is asked at this height.
    static let liveWindowHeight = 720

    /// Asks the backend for `request`'s camera live; the answer comes back as
    /// ``AppInput/liveLoaded(_:_:)`` or ``AppInput/liveFailed(_:message:)``.
    func fetchLive(_ request: LiveRequest) {
        let quality = liveQuality
        let backend = services.backend, inbox = inbox
        Task {
            do {
                let event = try await backend.live(camera: request.cameraID, quality: quality)
                inbox.post(.liveLoaded(request, event))
            } catch {
                inbox.post(.liveFailed(request, message: UserFacing.message(for: error)))
            }
        }
    }

    /// The size and rate to ask for: the pane's picture height in pixels (the detail ladder's
    /// step: a slow link draws a smaller picture) and the frames a second the link carries.
    var liveQuality: LiveQuality {
        guard let pane = video?.video else {
            return LiveQuality(height: Self.liveWindowHeight, fps: Self.liveFramesPerSecond)
        }
        let carried = pane.linkFramesPerSecond.map { Int($0.rounded(.down)) } ?? Self.liveFramesPerSecond
        return LiveQuality(height: max(90, pane.geometry.pixelHeight), fps: min(Self.liveFramesPerSecond, max(1, carried)))
    }

    /// Counts the live feed's frames the pane drew and hands the state a reading when one is due
    /// (the first picture, then once a second).
    func measureLive() -> LoopControl {
        guard let id = state.livePlaybackID, let video else {
            liveMeter = nil
            return .keepRunning
        }
        let now = ContinuousClock.now
        if liveMeter?.id != id { liveMeter = (id, LiveFrameMeter()) }
        liveMeter?.meter.observe(drawn: video.framesDrawn, now: now)
        guard let reading = liveMeter?.meter.reading(now: now) else { return .keepRunning }
        let control = apply([.liveFrames(reading)])
        refreshScreen()
        return control
    }
}

// MARK: - Every camera live (`M` in the live view)

extension TUICoordinator {
    /// Asks the backend for each camera live at a tile's size (half the pane's height) and the
    /// full rate, ``liveFramesPerSecond``: the tiles share the terminal's link, whose pacer draws
    /// what it carries and drops the rest, one tile after another (asked at the single view's
    /// slow-link rate shared out, four tiles at 100 kB/s drew 0.3 frames a second each;
    /// docs/benchmarks.md). The feeds come back together as ``AppInput/liveMontageFeeds(_:failures:)``
    /// (a feed is named by the tile's camera name).
    func fetchLiveMontage(_ cameras: [Camera]) {
        let single = liveQuality
        let quality = LiveQuality(height: max(90, single.height / 2), fps: Self.liveFramesPerSecond)
        let backend = services.backend, inbox = inbox
        montageTask?.cancel()
        montageTask = Task {
            var feeds: [Event] = []
            var failures: [String: String] = [:]
            for camera in cameras {
                guard !Task.isCancelled else { return }
                do {
                    if var feed = try await backend.live(camera: camera.id, quality: quality) {
                        feed.cameraName = camera.name
                        feeds.append(feed)
                    } else {
                        failures[camera.name] = "the server offers none for it"
                    }
                } catch {
                    failures[camera.name] = UserFacing.message(for: error)
                }
            }
            guard !Task.isCancelled else { return }
            inbox.post(.liveMontageFeeds(feeds, failures: failures))
        }
    }

    /// Plays `feeds` as a live montage of `cameras` (the one playing stops first).
    func startLiveMontage(cameras: [String], feeds: [Event]) -> [AppInput] {
        stopMontage()   // its feeds' fetch, the one posting them, is over
        guard let makeTileRunner else { return [.montageFailed("no players for tiles in this session")] }
        do {
            montage = try MontagePlayback(live: cameras, feeds: feeds, now: .now) { try makeTileRunner($0, cameras.count) }
        } catch {
            return [.montageFailed(UserFacing.message(for: error))]
        }
        guard let snapshot = montage?.snapshot else { return [] }
        return [.montage(snapshot)]
    }
}
