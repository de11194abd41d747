import DemoBackend
import Foundation
import Testing
@testable import Player

extension RealMPV {
    /// A camera live (``MediaSource/isLiveFeed``): real libmpv plays the demo Frigate's MJPEG feed
    /// (`multipart/x-mixed-replace`) with the low-latency options, and the pane gets new, different
    /// pictures as they arrive.
    @Suite struct LiveFeedPlayback {
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "needs ffmpeg for the live pictures"))
        func theDemoFeedRendersChangingPictures() async throws {
            var configuration = DemoConfiguration()
            configuration.flavor = .frigate
            configuration.frigate.requiresAuth = false
            let server = try await DemoServer.start(configuration)
            defer { Task { await server.stop() } }
            let driver = try PlayerDriver(TerminalVideo.terminalConfiguration())
            driver.player.setVideoOutputSize(width: 64, height: 36)
            var source = MediaSource(url: server.baseURL.appending(path: "api/front_door").appending(queryItems: [
                URLQueryItem(name: "fps", value: "5"), URLQueryItem(name: "height", value: "180"),
            ]), isLive: true)
            source.isLiveFeed = true
            try driver.player.load(source)
            var pictures = Set<Data>()
            var lastGeneration: UInt64 = 0
            let seen = await driver.run(limit: .seconds(20)) { _ in
                if let frame = driver.player.videoFrame, frame.generation != lastGeneration {
                    lastGeneration = frame.generation
                    pictures.insert(frame.withPixels { Data($0) })
                }
                return pictures.count >= 4
            }
            #expect(seen, "\(pictures.count) different pictures, last generation \(lastGeneration)")
            #expect(driver.player.snapshot.playback == .playing)
            driver.stop()
            driver.player.shutdown()
        }
    }
}
