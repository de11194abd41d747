import Foundation
import PlaybackStates
import Testing
@testable import Player

extension RealMPV {
    /// Real libmpv (`vo=null`, `ao=null`) on HLS fixtures made with ffmpeg, played as local files.
    @Suite struct LocalPlayback {
        let fixtures = HLSFixtures.shared

        @Test(arguments: ["ts", "fmp4"])
        func playsToEndedWithTheRightDuration(kind: String) async throws {
            let url = kind == "ts" ? fixtures.tsEndlist : fixtures.fmp4
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: url, authorizationToken: "local-token"))
            await driver.run { $0.end != nil }
            let snapshot = driver.player.snapshot
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            let duration = try #require(snapshot.progress.duration)
            #expect(abs(duration - HLSFixtures.duration) < 0.5)
            #expect(abs(snapshot.progress.position - duration) < 1)
            #expect(driver.states(of: id).contains(.playing))
            #expect(driver.updates(of: id).contains(.firstFrame))
            #expect(snapshot.timeline.firstFrame != nil)
            driver.player.shutdown()
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        @Test func playAfterEndedStartsAgainFromTheBeginning() async throws {
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.finish == .ended })
            #expect(driver.player.snapshot.playback == .paused)  // keep-open: the last frame stays
            driver.player.play()
            #expect(await driver.run { $0.playback == .playing && $0.end == nil })
            #expect(driver.player.snapshot.progress.position < 4)
            #expect(driver.player.snapshot.playbackID == id)
            #expect(await driver.run { $0.finish == .ended })
            #expect(driver.finishes(of: id) == [.ended, .ended])
        }

        @Test func pauseAndResume() async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0.5 })
            driver.player.pause()
            #expect(await driver.run { $0.playback == .paused })
            let frozen = driver.player.snapshot.progress.position
            await driver.run(for: .milliseconds(600))
            #expect(abs(driver.player.snapshot.progress.position - frozen) < 0.05)
            driver.player.togglePause()
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > frozen + 0.2 })
            #expect(driver.states(of: id).suffix(2) == [.paused, .playing])
        }

        /// Space pressed while a key seek is in flight: paused before the seek resumes, playing
        /// before it pauses.
        @Test func togglePauseDuringASeekResumesWhenPausedAndPausesWhenPlaying() async throws {
            let driver = try PlayerDriver()
            _ = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK })
            driver.player.pause()
            #expect(await driver.run { $0.playback == .paused })
            driver.player.seek(to: 4)
            #expect(driver.player.snapshot.playback == .seekingForward)
            driver.player.togglePause()
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 4.3 })
            driver.player.seek(to: 1)
            #expect(driver.player.snapshot.playback == .seekingBackward)
            driver.player.togglePause()
            #expect(await driver.run { $0.playback == .paused })
            let frozen = driver.player.snapshot.progress.position
            #expect(frozen < 2)
            await driver.run(for: .milliseconds(500))
            #expect(driver.player.snapshot.playback == .paused)
            #expect(abs(driver.player.snapshot.progress.position - frozen) < 0.05)
        }

        @Test(arguments: ["ts", "fmp4"])
        func seekForwardAndBackShowDirectionAndMove(kind: String) async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: kind == "ts" ? fixtures.tsEndlist : fixtures.fmp4))
            // fMP4: seek once cached (a seek lavf executes in fMP4 HLS jumps to the end, mpv 0.35/ffmpeg 5.1).
            #expect(await driver.run { $0.playback == .playing && $0.load == .playthroughOK })
            driver.player.pause()
            #expect(await driver.run { $0.playback == .paused })
            driver.player.seek(to: 6)
            #expect(await driver.run { $0.playback == .paused })
            #expect(abs(driver.player.snapshot.progress.position - 6) < 0.5)
            driver.player.seek(by: -4)
            #expect(await driver.run { $0.playback == .paused })
            #expect(abs(driver.player.snapshot.progress.position - 2) < 0.5)
            // Repeated presses add up even before mpv has finished the first seek.
            driver.player.seek(by: 2)
            driver.player.seek(by: 2)
            #expect(await driver.run { $0.playback == .paused })
            #expect(abs(driver.player.snapshot.progress.position - 6) < 0.5)
            let states = driver.states(of: id)
            #expect(states.contains(.seekingForward))
            #expect(states.contains(.seekingBackward))
            #expect(states.firstIndex(of: .seekingForward)! < states.firstIndex(of: .seekingBackward)!)
        }

        /// Stop keeps the slider; starting again is the owner's: `play` after stop loads nothing,
        /// and a load at the slider under the same identity continues that playback.
        @Test(arguments: ["ts", "fmp4"])
        func stopKeepsTheSliderAndALoadThereContinuesTheSamePlayback(kind: String) async throws {
            let driver = try PlayerDriver()
            let source = MediaSource(url: kind == "ts" ? fixtures.tsEndlist : fixtures.fmp4)
            let first = try driver.player.load(source)
            #expect(await driver.run { $0.playback == .playing })
            #expect(await driver.run { $0.load == .playthroughOK })
            driver.player.seek(to: 5)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position >= 5 })
            driver.stop()
            #expect(driver.states(of: first).last == .stopped)
            #expect(driver.finishes(of: first) == [.userExited])
            let stored = driver.player.snapshot.progress.position
            #expect(stored >= 5 && stored < 7)
            // The stopped handle is destroyed in the background.
            #expect(await driver.run { _ in driver.player.pendingDestroys == 0 })
            #expect(PlayerDriver.mpvThreads().isEmpty)
            driver.player.play()
            await driver.run(for: .milliseconds(300))
            #expect(driver.player.handle == nil, "play after stop loads nothing: the owner starts again")
            #expect(driver.player.snapshot.playback == .stopped)
            try driver.player.load(source, startAt: stored, as: first)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0 })
            #expect(driver.player.snapshot.playbackID == first)
            #expect(driver.player.snapshot.progress.position >= stored - 1)
            await driver.run(for: .milliseconds(500))
            #expect(driver.player.snapshot.end == nil)
            #expect(driver.finishes(of: first) == [.userExited], "a load under the same identity continues it")
            #expect(driver.player.snapshot.progress.position < HLSFixtures.duration - 0.5)
        }

        @Test func muteAndVolume() async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing })
            driver.player.setMuted(true)
            #expect(await driver.run { $0.muted })
            driver.player.setVolume(50)
            #expect(await driver.run { $0.volume == 50 })
            driver.player.toggleMute()
            #expect(await driver.run { !$0.muted })
            #expect(driver.updates(of: id).contains(.audio(muted: true, volume: 100)))
            // The next playback starts with the same audio settings.
            driver.player.setMuted(true)
            #expect(await driver.run { $0.muted })
            try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing })
            #expect(driver.player.snapshot.muted)
            #expect(driver.player.snapshot.volume == 50)
        }

        @Test func missingSegmentIsAnErrorNotEnded() async throws {
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 4))
            let id = try driver.player.load(MediaSource(url: fixtures.missingSegment))
            await driver.run { $0.end != nil }
            let finish = driver.finishes(of: id)
            guard case .error(let message)? = finish.first else {
                Issue.record("expected an error, got \(finish); log: \(driver.player.recentLogMessages)")
                return
            }
            #expect(message.contains("segment 1 failed"), "\(message)")
        }

        @Test func missingPlaylistIsAnOpenError() async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.directory.appending(path: "nope.m3u8")))
            await driver.run { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.hasPrefix("could not open the media"), "\(message)")
            #expect(driver.player.snapshot.playback == .stopped)
        }

        @Test func liveWithoutEndListPlaysAsItGrowsThenEnds() async throws {
            let driver = try PlayerDriver(PlayerDriver.configuration(speed: 2))
            let url = try fixtures.tsPlaylist(segments: 2, endList: false)
            let id = try driver.player.load(MediaSource(url: url, isLive: true))
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 1 })
            #expect(driver.player.snapshot.end == nil)
            // The recording goes on: the rest appears, then the end list.
            let full = try fixtures.tsPlaylist(segments: 4, endList: true)
            #expect(rename(full.path, url.path) == 0)
            await driver.run { $0.end != nil }
            #expect(driver.finishes(of: id) == [.ended], "log: \(driver.player.recentLogMessages)")
            #expect(driver.player.snapshot.progress.position > HLSFixtures.duration - 1)
        }

        @Test func interruptAndResume() async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.tsEndlist))
            #expect(await driver.run { $0.playback == .playing })
            driver.player.interrupt()
            #expect(await driver.run { $0.playback == .interrupted })
            await driver.run(for: .milliseconds(300))
            let frozen = driver.player.snapshot.progress.position
            await driver.run(for: .milliseconds(400))
            #expect(abs(driver.player.snapshot.progress.position - frozen) < 0.05)
            driver.player.resumeFromInterruption()
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > frozen + 0.2 })
            #expect(driver.states(of: id).suffix(2) == [.interrupted, .playing])
        }

        @Test func rapidSwitchingEndsWithTheLastPlaying() async throws {
            let driver = try PlayerDriver()
            let urls = [fixtures.tsEndlist, fixtures.fmp4]  // fMP4 with a start: see MPVOptionPlan
            var ids: [PlaybackID] = []
            for index in 0..<10 {
                ids.append(try driver.player.load(MediaSource(url: urls[index % urls.count]), startAt: Double(index % 3)))
                if index == 4 { driver.player.seek(to: 5) }
                await driver.run(for: .milliseconds(200))
            }
            let last = try #require(ids.last)
            #expect(await driver.run { $0.playback == .playing && $0.progress.position > 0.3 })
            #expect(driver.player.snapshot.playbackID == last)
            // Every earlier playback ended as stopped (once), and none produced anything after.
            for id in ids.dropLast() {
                let kinds = driver.updates(of: id)
                #expect(kinds.last == .ended(.stopped))
                #expect(kinds.filter { if case .ended = $0 { true } else { false } }.count == 1)
            }
            // The last one's first updates start from scratch.
            #expect(driver.updates(of: last).first == .playback(.stopped))
            driver.player.shutdown()
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        /// ffmpeg's hls demuxer refuses local segment files without a media extension
        /// (`allowed_extensions`, a guard against playlists reading arbitrary files); remote
        /// extension-less segments play (see the demo backend tests). We keep ffmpeg's default.
        @Test func localExtensionlessSegmentsAreRefusedWithAClearError() async throws {
            let driver = try PlayerDriver()
            let id = try driver.player.load(MediaSource(url: fixtures.extensionless))
            await driver.run { $0.end != nil }
            guard let message = driver.errorMessage(of: id) else { return }
            #expect(message.contains("not a common multimedia extension"), "\(message)")
        }

        @Test func aRejectedUserOptionThrowsAnActionableError() throws {
            let player = try Player(configuration: PlayerDriver.configuration(extra: [MPVOption(name: "no-such-option", value: "1")]))
            #expect {
                try player.load(MediaSource(url: fixtures.tsEndlist))
            } throws: { error in
                let error = error as? PlayerError
                return error?.isInvalidOption == true && error?.description.contains("no-such-option=1") == true
            }
        }
    }
}

