import Foundation
import Testing
@testable import Player

extension RealMPV {
    /// Prints time to first frame (figures, not assertions): the Player (load -> first
    /// PLAYBACK_RESTART) vs the mpv CLI (`mpv --frames=1 --vo=null --ao=null` with the same header
    /// on the same URL, whole process), alternating runs, medians and ratio.
    @Suite struct FirstFrameFigures {
        @Test func timeToFirstFrameAgainstTheMPVCommandLine() async throws {
            let demo = try await DemoMedia.start()
            defer { Task { await demo.server.stop() } }
            let (url, token) = try demo.source("evt-endlist")
            var player: [Double] = []
            var cli: [Double] = []
            var tuned: [Double] = []
            for _ in 0..<7 {
                let driver = try PlayerDriver()
                try driver.player.load(MediaSource(url: url, authorizationToken: token))
                #expect(await driver.run { $0.timeline.firstFrame != nil })
                if let first = driver.player.snapshot.timeline.firstFrame { player.append(Double(first.milliseconds)) }
                driver.player.shutdown()

                let plain = ["--no-config", "--frames=1", "--vo=null", "--ao=null", "--http-header-fields=Authorization: \(token)"]
                cli.append(try Self.runMPV(plain + [url.absoluteString]))
                let ours = ["--ytdl=no", "--demuxer=lavf", "--load-scripts=no", "--load-stats-overlay=no",
                            "--load-osd-console=no", "--load-auto-profiles=no", "--cache=yes"]
                tuned.append(try Self.runMPV(plain + ours + [url.absoluteString]))
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            let ratio = median(player) / max(median(cli), 1)
            print("time to first frame (ms), evt-endlist over HTTP, 7 alternating runs:")
            print("  Player load -> first frame: median \(median(player)) \(player)")
            print("  mpv --frames=1 (process):   median \(median(cli)) \(cli)")
            print("  mpv --frames=1 + our options (--ytdl=no, no scripts, ...): median \(median(tuned)) \(tuned)")
            print("  ratio Player/CLI: \(String(format: "%.2f", ratio))")
            #expect(player.count == 7)
        }

        /// Wall time of one mpv process, in ms.
        static func runMPV(_ arguments: [String]) throws -> Double {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/mpv")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = ContinuousClock.now
            try process.run()
            process.waitUntilExit()
            return Double((ContinuousClock.now - start).milliseconds)
        }
    }
}
