import Foundation
import PlaybackStates
import Testing
@testable import Player

extension RealMPV {
    /// Real libmpv: speed, frame steps and screenshots on the 160×90, 25 fps fixtures.
    @Suite struct ReviewPlayback {
        let fixtures = HLSFixtures.shared

        /// `vo=null ao=null` at mpv's normal speed (the driver's default sets `speed` as an extra option).
        static func configuration(video: VideoMode = .none, progressInterval: Duration = .seconds(1)) -> PlayerConfiguration {
            var configuration = PlayerDriver.configuration()
            configuration.extraOptions = [MPVOption(name: "ao", value: "null")]
            configuration.video = video
            configuration.progressInterval = progressInterval
            return configuration
        }

        /// Media seconds played during `wall` of wall time.
        static func advance(_ driver: PlayerDriver, during wall: Duration) async -> Double {
            let before = driver.player.snapshot.progress.position
            await driver.run(for: wall)
            return driver.player.snapshot.progress.position - before
        }

        @Test func aFasterSpeedAdvancesThePositionFaster() async throws {
            let driver = try PlayerDriver(Self.configuration())
            try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK && $0.progress.position > 0.3 })
            driver.player.setSpeed(4)
            #expect(driver.player.snapshot.speed == 4)
            await driver.run(for: .milliseconds(200))   // the property reaches mpv's core
            let advanced = await Self.advance(driver, during: .seconds(1))
            #expect(advanced > 2.5, "4× plays about 4 s of media per second, got \(advanced)")
            driver.player.shutdown()
        }

        @Test func theSpeedCarriesOverToTheNextPlayback() async throws {
            let driver = try PlayerDriver(Self.configuration())
            driver.player.setSpeed(4)   // before any handle: the next playback's options carry it
            try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK && $0.progress.position > 0.3 })
            let advanced = await Self.advance(driver, during: .seconds(1))
            #expect(advanced > 2.5, "started at 4×, got \(advanced) s per second")
            try driver.player.load(MediaSource(url: fixtures.fmp4))
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK && $0.progress.position > 0.3 })
            #expect(driver.player.snapshot.speed == 4)
            let again = await Self.advance(driver, during: .seconds(1))
            #expect(again > 2.5, "the next playback too, got \(again) s per second")
            driver.player.shutdown()
        }

        /// Without a progress tick (60 s interval) the slider still hears of each step at once.
        @Test func frameStepsMoveOneFrameWhilePausedAndTheSliderHearsAtOnce() async throws {
            let driver = try PlayerDriver(Self.configuration(progressInterval: .seconds(60)))
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK && $0.progress.position > 1 })
            driver.player.pause()
            #expect(await driver.run { $0.playback == .paused })
            await driver.run(for: .milliseconds(200))
            let start = driver.player.snapshot.progress.position
            driver.forgetUpdates()
            driver.player.frameStep(forward: true)
            #expect(await driver.run { $0.playback == .paused && $0.progress.position > start + 0.001 })
            await driver.run(for: .milliseconds(200))
            let stepped = driver.player.snapshot.progress.position
            #expect(abs(stepped - start - 0.04) < 0.005, "one frame at 25 fps: \(start) -> \(stepped)")
            #expect(driver.updates(of: id).contains { if case .progress(let p) = $0 { p.position == stepped } else { false } },
                    "a progress update with the stepped position: \(driver.updates(of: id))")
            driver.player.frameStep(forward: false)
            #expect(await driver.run { $0.playback == .paused && $0.progress.position < stepped - 0.001 })
            await driver.run(for: .milliseconds(200))
            let back = driver.player.snapshot.progress.position
            #expect(abs(back - start) < 0.005, "one frame back: \(stepped) -> \(back)")
            #expect(driver.player.snapshot.playback == .paused)
            driver.player.shutdown()
        }

        @Test(arguments: [VideoMode.none, .terminal])
        func aScreenshotIsAPNGOfTheVideosSize(video: VideoMode) async throws {
            let driver = try PlayerDriver(Self.configuration(video: video))
            if video == .terminal { driver.player.setVideoOutputSize(width: 64, height: 36) }
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0.5 })
            let dir = FileManager.default.temporaryDirectory.appending(path: "shots-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appending(path: "frame.png").path
            driver.player.saveScreenshot(to: path)
            #expect(await driver.run { _ in Self.screenshots(driver, id).count == 1 })
            #expect(Self.screenshots(driver, id) == [.screenshot(path: path, error: nil)])
            let size = try #require(PNGHeader.size(of: URL(filePath: path)))
            #expect(size.width == 160 && size.height == 90, "the video's own size, not the pane's: \(size)")
            driver.player.shutdown()
        }

        @Test func aScreenshotWithoutVideoSaysWhyAndLeavesNoEmptyFile() async throws {
            var configuration = Self.configuration()
            configuration.extraOptions.append(MPVOption(name: "vid", value: "no"))
            let driver = try PlayerDriver(configuration)
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0.3 })
            let path = FileManager.default.temporaryDirectory.appending(path: "shot-\(UUID().uuidString).png").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))   // reserved, as the app does
            driver.player.saveScreenshot(to: path)
            #expect(await driver.run { _ in Self.screenshots(driver, id).count == 1 })
            let error = Self.screenshots(driver, id).first.flatMap { if case .screenshot(_, let error) = $0 { error } else { nil } }
            #expect(error?.hasPrefix("no video frame to save (mpv: ") == true, "\(String(describing: error))")
            #expect(!FileManager.default.fileExists(atPath: path))
            driver.stop()
            driver.player.saveScreenshot(to: path)
            #expect(await driver.run { _ in Self.screenshots(driver, id).count == 2 })
            #expect(Self.screenshots(driver, id).last == .screenshot(path: path, error: "nothing is playing"))
            driver.player.shutdown()
        }

        static func screenshots(_ driver: PlayerDriver, _ id: PlaybackID) -> [PlayerUpdate.Kind] {
            driver.updates(of: id).filter { if case .screenshot = $0 { true } else { false } }
        }
    }
}

/// Width and height from a PNG's IHDR chunk (nil when the file is not a PNG).
enum PNGHeader {
    static func size(of url: URL) -> (width: Int, height: Int)? {
        guard let data = try? Data(contentsOf: url), data.count >= 24,
              data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
              data[12..<16] == Data("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }
}
