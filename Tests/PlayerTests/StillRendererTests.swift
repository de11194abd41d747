import Foundation
import Testing
@testable import Player

/// The pure part of ``StillRenderer``: when to render, when to fix the aspect first, when to give up.
@Suite struct StillWaitTests {
    let t0 = ContinuousClock.now

    @Test func squarePixelsRenderTheFirstFrame() {
        var wait = StillWait(pixelAspect: 1, deadline: t0 + .seconds(10))
        #expect(wait.next(newFrame: false, videoAspect: nil, outputAspect: nil, now: t0) == .keepWaiting)
        #expect(wait.next(newFrame: true, videoAspect: 16.0 / 9, outputAspect: 16.0 / 9, now: t0) == .render)
    }

    @Test func otherPixelsCorrectTheAspectThenRenderTheFrameDrawnAfterItApplies() {
        var wait = StillWait(pixelAspect: 0.5, deadline: t0 + .seconds(10))
        #expect(wait.next(newFrame: true, videoAspect: 2, outputAspect: 2, now: t0) == .setAspect(4))
        #expect(wait.next(newFrame: true, videoAspect: 2, outputAspect: 2, now: t0 + .milliseconds(50)) == .keepWaiting,
                "a frame before the override applies")
        #expect(wait.next(newFrame: true, videoAspect: 2, outputAspect: 4, now: t0 + .milliseconds(100)) == .keepWaiting,
                "the first frame with the new parameters is still drawn the old way")
        #expect(wait.next(newFrame: true, videoAspect: 2, outputAspect: 4, now: t0 + .milliseconds(150)) == .render)
    }

    @Test func withoutARedrawItRendersAMomentLater() {
        var wait = StillWait(pixelAspect: 0.75, deadline: t0 + .seconds(10))
        _ = wait.next(newFrame: true, videoAspect: 1.5, outputAspect: 1.5, now: t0)
        #expect(wait.next(newFrame: false, videoAspect: 1.5, outputAspect: 1.5, now: t0 + StillWait.redrawWait) == .render)
    }

    @Test func itGivesUpAtTheDeadline() {
        var wait = StillWait(pixelAspect: 1, deadline: t0 + .seconds(1))
        #expect(wait.next(newFrame: false, videoAspect: nil, outputAspect: nil, now: t0 + .seconds(1)) == .timedOut)
    }
}

extension RealMPV {
    /// Real libmpv: one frame of a file through a short-lived handle, letterboxed at the asked
    /// size, and no mpv thread left afterwards, whether it rendered, failed or was cancelled.
    @Suite struct StillRendering {
        /// Runs the blocking render on a thread of its own (never on Swift's cooperative pool).
        static func render(_ url: URL, width: Int = 64, height: Int = 64, pixelAspect: Double = 1,
                           cancelled: @escaping @Sendable () -> Bool = { false }) async -> Result<StillPicture, any Error> {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: Result {
                        try StillRenderer.render(MediaSource(url: url), width: width, height: height, pixelAspect: pixelAspect,
                                                 configuration: TerminalVideo.terminalConfiguration(), timeout: .seconds(20),
                                                 isCancelled: cancelled)
                    })
                }.start()
            }
        }

        @Test func theFirstFrameIsRenderedLetterboxedAndTheHandleIsGone() async throws {
            let still = try await Self.render(TerminalVideo.twoColours).get()
            #expect(still.width == 64 && still.height == 64 && still.stride % 64 == 0)
            // 16:9 in 64×64: rows 14..<50 show the picture, red left, blue right.
            #expect(TerminalVideo.isRed(still.pixel(x: 16, y: 32)))
            #expect(TerminalVideo.isBlue(still.pixel(x: 48, y: 32)))
            #expect(TerminalVideo.isBlack(still.pixel(x: 32, y: 4)))
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        @Test func pixelsHalfAsWideAsTallGetThePictureAtItsOwnShape() async throws {
            // Quadrant pixels (0.5): 16:9 on screen is 32:9 in pixels, 18 rows of 64 (23..<41).
            let still = try await Self.render(TerminalVideo.twoColours, pixelAspect: 0.5).get()
            #expect(TerminalVideo.isRed(still.pixel(x: 16, y: 32)))
            #expect(TerminalVideo.isBlack(still.pixel(x: 16, y: 18)), "letterboxed for the pixel shape")
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        @Test func aCancelledStillStopsAndLeavesNoThread() async {
            let result = await Self.render(TerminalVideo.twoColours) { true }
            #expect(throws: StillError(.cancelled)) { try result.get() }
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }

        @Test func aSourceWithoutAFrameFailsWithoutAThread() async {
            let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).m3u8")
            let result = await Self.render(missing)
            #expect(throws: StillError.self) { try result.get() }
            #expect(PlayerDriver.mpvThreads().isEmpty)
        }
    }
}
