import Foundation
import Testing
@testable import Player

extension RealMPV {
    /// Real libmpv with `vo=libmpv` and the software render API: frames arrive on drain at the
    /// size the owner asks for, letterboxed by mpv, with the right colours.
    @Suite struct TerminalVideo {
        /// 160×90 (16:9), red left half, blue right half, 8 s at 25 fps with a keyframe every
        /// second (as cameras send), with a tone (so turning video off leaves a stream that plays
        /// on). It was 3 s with one keyframe: under a loaded full run, video turned back on after
        /// 2 s had to decode from the start and the file could end before a frame came.
        static let twoColours: URL = {
            let url = FileManager.default.temporaryDirectory.appending(path: "terminal-video-\(UUID().uuidString).mp4")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
            process.arguments = ["-hide_banner", "-loglevel", "error", "-y",
                                 "-f", "lavfi", "-i", "color=c=red:s=80x90:r=25:d=8",
                                 "-f", "lavfi", "-i", "color=c=blue:s=80x90:r=25:d=8",
                                 "-f", "lavfi", "-i", "sine=frequency=440:duration=8",
                                 "-filter_complex", "[0][1]hstack,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac",
                                 url.path]
            try? process.run()
            process.waitUntilExit()
            return url
        }()

        static func terminalConfiguration() -> PlayerConfiguration {
            var configuration = PlayerDriver.configuration()
            configuration.video = .terminal
            return configuration
        }

        static func isRed(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool { p.red > 200 && p.green < 60 && p.blue < 60 }
        static func isBlue(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool { p.blue > 200 && p.red < 60 && p.green < 60 }
        static func isBlack(_ p: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool { Int(p.red) + Int(p.green) + Int(p.blue) < 30 }

        @Test func framesAreRenderedLetterboxedWithTheirColours() async throws {
            let driver = try PlayerDriver(Self.terminalConfiguration())
            driver.player.setVideoOutputSize(width: 64, height: 64)
            try driver.player.load(MediaSource(url: Self.twoColours))
            #expect(await driver.run { _ in (driver.player.videoFrame?.generation ?? 0) >= 3 })
            let frame = try #require(driver.player.videoFrame)
            #expect(frame.width == 64 && frame.height == 64)
            #expect(frame.stride % 64 == 0)
            frame.withPixels { #expect(Int(bitPattern: $0.baseAddress) % 64 == 0) }
            // 16:9 in a square: 36 rows of picture in the middle, black bars above and below.
            #expect(Self.isRed(frame.pixel(x: 12, y: 32)), "\(frame.pixel(x: 12, y: 32))")
            #expect(Self.isBlue(frame.pixel(x: 52, y: 32)), "\(frame.pixel(x: 52, y: 32))")
            #expect(Self.isBlack(frame.pixel(x: 32, y: 3)), "\(frame.pixel(x: 32, y: 3))")
            #expect(Self.isBlack(frame.pixel(x: 32, y: 60)))
            driver.player.shutdown()
        }

        @Test func pixelsHalfAsWideAsTallKeepTheAspect() async throws {
            let driver = try PlayerDriver(Self.terminalConfiguration())
            // 128×64 pixels half as wide as tall are a square: 16:9 leaves bars above and below.
            driver.player.setVideoOutputSize(width: 128, height: 64, pixelAspect: 0.5)
            try driver.player.load(MediaSource(url: Self.twoColours))
            #expect(await driver.run { _ in (driver.player.videoFrame?.generation ?? 0) >= 3 })
            let frame = try #require(driver.player.videoFrame)
            #expect(Self.isBlack(frame.pixel(x: 64, y: 3)), "\(frame.pixel(x: 64, y: 3))")
            #expect(Self.isRed(frame.pixel(x: 20, y: 32)) && Self.isBlue(frame.pixel(x: 108, y: 32)))
            driver.player.shutdown()
        }

        @Test func resizingWhilePausedRendersTheSamePictureAtTheNewSizeAndShape() async throws {
            let driver = try PlayerDriver(Self.terminalConfiguration())
            driver.player.setVideoOutputSize(width: 32, height: 32)
            try driver.player.load(MediaSource(url: Self.twoColours))
            #expect(await driver.run { $0.playback == .playing && driver.player.videoFrame != nil })
            driver.player.pause()
            #expect(await driver.run { $0.playback == .paused })
            // Pixels half as wide as tall: 128×64 of them is a square, so the bars stay.
            driver.player.setVideoOutputSize(width: 128, height: 64, pixelAspect: 0.5)
            #expect(await driver.run { _ in
                guard let frame = driver.player.videoFrame, frame.width == 128 else { return false }
                return Self.isBlack(frame.pixel(x: 64, y: 3)) && Self.isRed(frame.pixel(x: 20, y: 32))
            })
            let frame = try #require(driver.player.videoFrame)
            #expect(Self.isBlue(frame.pixel(x: 108, y: 32)), "\(frame.pixel(x: 108, y: 32))")
            #expect(Self.isBlack(frame.pixel(x: 64, y: 60)))
            driver.stop()
            _ = driver.player.drain()
            // The still: the last frame stays after stop.
            #expect(driver.player.videoFrame?.generation == frame.generation)
        }
    
        @Test func withoutAnOutputSizeFramesStillFlowSoMpvNeverWaits() async throws {
            let driver = try PlayerDriver(Self.terminalConfiguration())
            try driver.player.load(MediaSource(url: Self.twoColours))
            #expect(await driver.run { $0.progress.position > 1 && (driver.player.videoFrame?.generation ?? 0) > 20 })
            #expect(driver.player.videoFrame?.width == 1)
            driver.player.shutdown()
        }

        @Test func videoOffStopsFramesWhilePlaybackGoesOn() async throws {
            let driver = try PlayerDriver(Self.terminalConfiguration())
            driver.player.setVideoOutputSize(width: 32, height: 32)
            try driver.player.load(MediaSource(url: Self.twoColours))
            #expect(await driver.run { $0.playback == .playing && (driver.player.videoFrame?.generation ?? 0) >= 2 })
            driver.player.setVideoEnabled(false)
            await driver.run(for: .milliseconds(300))   // frames already queued may still come
            let frozen = driver.player.videoFrame?.generation
            let position = driver.player.snapshot.progress.position
            await driver.run(for: .milliseconds(700))
            #expect(driver.player.videoFrame?.generation == frozen)
            #expect(driver.player.snapshot.progress.position > position + 0.3)
            #expect(driver.player.snapshot.end == nil)
            driver.player.setVideoEnabled(true)
            #expect(await driver.run { _ in (driver.player.videoFrame?.generation ?? 0) > (frozen ?? 0) })
            driver.player.shutdown()
        }
    }
}
