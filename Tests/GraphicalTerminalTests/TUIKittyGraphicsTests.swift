import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real TUI in kitty (its graphics protocol, rendered by Mesa's software OpenGL under Xvfb),
/// read back from screenshots: the terminal answers the kitty queries at start (it reads shared
/// memory: it is on this machine), so `auto` picks kitty images, and the pane shows the event as
/// an image beside the list; help deletes it (it would cover the help: kitty draws images above
/// the text) and it returns; `f` gives it the whole window and Esc gives it back; quitting leaves
/// nothing.
@Suite(.serialized, .machineShare) struct TUIKittyGraphicsTests {
    /// Pixels near a colour of testsrc2's bars within a part of the window (fractions of its size).
    static func count(_ shot: Screenshot, x: ClosedRange<Double>, y: ClosedRange<Double>, _ wanted: (Int, Int, Int)) -> Int {
        var count = 0
        for py in stride(from: Int(y.lowerBound * Double(shot.height)), to: Int(y.upperBound * Double(shot.height)), by: 2) {
            for px in stride(from: Int(x.lowerBound * Double(shot.width)), to: Int(x.upperBound * Double(shot.width)), by: 2) {
                let (r, g, b) = shot.pixel(px, py)
                if abs(Int(r) - wanted.0) < 40, abs(Int(g) - wanted.1) < 40, abs(Int(b) - wanted.2) < 40 { count += 1 }
            }
        }
        return count
    }

    /// testsrc2's bar colours as the demo media has them.
    static let barColours = [(255, 0, 0), (0, 255, 0), (255, 255, 0), (0, 0, 255), (255, 0, 255), (0, 255, 255)]

    /// How many of testsrc2's bars show in a part of the window: colours covering more than 100
    /// sampled pixels (text in a colour covers far fewer).
    static func bars(_ shot: Screenshot, x: ClosedRange<Double>, y: ClosedRange<Double> = 0.05...0.9) -> Int {
        barColours.filter { count(shot, x: x, y: y, $0) > 100 }.count
    }

    @Test(.enabled(if: X11Terminal.available(.kitty)), .timeLimit(.minutes(2)))
    func theVideoIsAKittyImageInThePaneBesideTheList() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let exit = binary.home.appending(path: "exit-status"), stderr = binary.home.appending(path: "stderr")
        let command = """
        unset EVENTPLAYER_SERVER WAYLAND_DISPLAY; \
        '\(binary.url.path)' --server \(server.baseURL.absoluteString) --video terminal --no-audio 2>'\(stderr.path)'; \
        echo "$?" > '\(exit.path)'; sleep 60
        """
        let kitty = try await Tmux.offPool { try X11Terminal.start(.kitty, environment: binary.paneEnvironment, command: command) }
        defer {
            kitty.stop()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let list = 0.02...0.45, pane = 0.52...0.98
        let (playing, help, full, gone) = try await Tmux.offPool { () throws -> (Screenshot, Screenshot, Screenshot, Screenshot) in
            _ = try X11Terminal.poll("the still in the pane (stderr: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? ""))") {
                try kitty.screenshot()
            } until: { Self.bars($0, x: pane) >= 5 }
            kitty.keys("Return")
            usleep(500_000)
            let playing = try X11Terminal.poll("the video in the pane") { try kitty.screenshot() } until: { Self.bars($0, x: pane) >= 5 }
            kitty.keys("question")
            let help = try X11Terminal.poll("help without the image") { try kitty.screenshot() } until: { Self.bars($0, x: 0.52...0.9) == 0 }
            kitty.keys("Escape")
            _ = try X11Terminal.poll("the image back") { try kitty.screenshot() } until: { Self.bars($0, x: pane) >= 5 }
            kitty.keys("f")
            let full = try X11Terminal.poll("the video over the whole window") { try kitty.screenshot() } until: {
                Self.bars($0, x: list) >= 3 && Self.bars($0, x: pane) >= 3
            }
            kitty.keys("Escape")
            _ = try X11Terminal.poll("the pane beside the list again") { try kitty.screenshot() } until: {
                Self.bars($0, x: list) == 0 && Self.bars($0, x: pane) >= 5
            }
            kitty.keys("q")
            usleep(300_000)
            kitty.keys("q")
            _ = try Tmux.poll("the exit status", read: { (try? String(contentsOf: exit, encoding: .utf8)) ?? "" }) { !$0.isEmpty }
            usleep(500_000)
            return (playing, help, full, try kitty.screenshot())
        }
        #expect(Self.bars(playing, x: pane) >= 5, "testsrc2's bars in the pane")
        #expect(Self.bars(playing, x: list) == 0, "no picture over the list")
        #expect(Self.bars(help, x: 0.52...0.9) == 0, "the image was left over the help")
        #expect(Self.bars(full, x: 0.02...0.98) >= 5, "full-pane video")
        #expect(Self.bars(gone, x: 0...1, y: 0...1) == 0, "an image left after quitting")
        #expect((try? String(contentsOf: exit, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
