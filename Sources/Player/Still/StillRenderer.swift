import Foundation
import SystemSupport

/// Renders the first frame of a source with a short-lived mpv handle of its own (paused, no
/// audio, software render at the pane's pixel size: mpv scales and letterboxes), then destroys
/// the handle: the still the video pane shows for the selected event while nothing plays.
/// Blocking: call it on a thread of your own, never the UI thread or Swift's cooperative pool.
/// It polls `isCancelled` every 50 ms, and no mpv thread of it is left when it returns or throws.
///
/// ```swift
/// let still = try StillRenderer.render(source, width: 120, height: 80, configuration: configuration) {
///     cancelled.withLock { $0 }
/// }
/// ```
public enum StillRenderer {
    /// The handle's options beyond the player's own (``MPVOptionPlan``): start paused, decode no
    /// audio and read no further ahead than the first frame needs.
    static let overrides: [MPVOption] = [
        MPVOption(name: "pause", value: "yes"),
        MPVOption(name: "ao", value: "null"),
        MPVOption(name: "cache", value: "no"),
        MPVOption(name: "demuxer-readahead-secs", value: "0"),
    ]

    public static func render(_ source: MediaSource, width: Int, height: Int, pixelAspect: Double = 1,
                              configuration: PlayerConfiguration, timeout: Duration = .seconds(10),
                              isCancelled: () -> Bool) throws -> StillPicture {
        guard let buffer = PixelBuffer(width: width, height: height) else {
            throw PlayerError(.system("allocate a \(width)×\(height) still", ENOMEM))
        }
        var configuration = configuration
        configuration.video = .terminal
        configuration.audio = false
        configuration.frameLimit = nil
        let options = try MPVOptionPlan.options(for: source, configuration: configuration, start: 0, muted: true, volume: 0,
                                                overrides: overrides)
        let wakeup = try SelfPipe()
        let handle = try MPVHandle(playbackID: PlaybackID(rawValue: 0), options: options, logLevel: "error",
                                   wakeupDescriptor: wakeup.writeFD)
        defer { handle.destroy() }
        let renderer = try MPVSoftwareRenderer(handle: handle, wakeupDescriptor: wakeup.writeFD)
        handle.renderContext = renderer
        let url = source.url
        handle.command(["loadfile", url.isFileURL ? url.path : url.absoluteString, "replace"])
        var wait = StillWait(pixelAspect: pixelAspect, deadline: .now + timeout)
        while true {
            if isCancelled() { throw StillError(.cancelled) }
            _ = try? Poller.wait(for: [.readable(wakeup.readFD)], until: .now + .milliseconds(50))
            _ = wakeup.drain()
            while let event = handle.nextEvent() {
                if case .endFile(let end) = event.kind { throw StillError(.ended(Self.reason(end))) }
            }
            let step = wait.next(newFrame: renderer.update(), videoAspect: handle.double("video-dec-params/aspect"),
                                 outputAspect: handle.double("video-params/aspect"), now: .now)
            switch step {
            case .keepWaiting: continue
            case .timedOut: throw StillError(.timedOut(seconds: Int(timeout.components.seconds)))
            case .setAspect(let aspect): handle.set("video-aspect-override", string: String(aspect))
            case .render:
                guard renderer.render(into: buffer) else { continue }
                return StillPicture(width: width, height: height, stride: buffer.stride, bytes: Array(buffer.bytes))
            }
        }
    }

    static func reason(_ end: MPVEvent.EndFile) -> String {
        switch end {
        case .error(let text): text
        case .eof: "end of file"
        case .stop, .quit, .redirect: "stopped"
        }
    }
}
