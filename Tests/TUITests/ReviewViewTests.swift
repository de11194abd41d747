import Testing
import PlaybackStates
@testable import TUI

/// The review keys on screen: the speed on the status bar, hundredths on the slider
/// after a frame step, and the keys in the table (so in keymap.conf and the help).
@Suite struct ReviewViewTests {
    static func lines(_ screen: ScreenSnapshot, columns: Int = 80, rows: Int = 24) -> [Substring] {
        OffscreenRenderer.render(screen, columns: columns, rows: rows).split(separator: "\n")
    }

    @Test func theStatusBarShowsTheSpeedWhenItIsNot1x() {
        var screen = Fixtures.player(.playing)
        #expect(!Self.lines(screen).joined().contains("×"))
        screen.player?.speedText = "1.21×"
        let status = Self.lines(screen).last { $0.contains("Playing") } ?? ""
        #expect(status.hasPrefix(" ▶ Playing │ 1.21× │ playthrough OK"), "\(status)")
    }

    @Test func afterAFrameStepTheSliderShowsHundredths() {
        var screen = Fixtures.player(.paused, position: 4.04)
        #expect(Self.lines(screen).contains { $0.hasPrefix("  0:04 ━") })
        screen.player?.showsFrameTime = true
        let slider = Self.lines(screen).first { $0.contains("━") } ?? ""
        #expect(slider.hasPrefix("  0:04.04 ━"), "\(slider)")
        #expect(slider.contains("─ 0:10.00") || slider.contains("═ 0:10.00"), "\(slider)")
        #expect(DurationText.preciseClock(12.4) == "0:12.40")
        #expect(DurationText.preciseClock(3725.999) == "1:02:06.00")
        #expect(DurationText.preciseClock(-1) == "0:00.00")
    }

    @Test func aClickOnTheWiderSliderStillSeeksWhereItLands() {
        var screen = Fixtures.player(.paused)
        screen.player?.showsFrameTime = true
        let layout = ScreenLayout(columns: 80, rows: 24)
        let g = SliderGeometry(width: layout.slider.width, duration: 10, fractions: true)
        #expect(g.barStart == 10)
        #expect(MouseRouting.action(column: layout.slider.x + g.barStart, row: layout.slider.y, button: .left, layout: layout,
                                    screen: screen, listTop: 0) == .seek(toFraction: 0))
        #expect(MouseRouting.action(column: layout.slider.x + g.barStart + g.barWidth - 1, row: layout.slider.y, button: .left,
                                    layout: layout, screen: screen, listTop: 0) == .seek(toFraction: 1))
    }

    @Test func theReviewKeysAreMpvsAndRebindable() {
        let map = KeyMap.defaults
        #expect(map.action(for: .char("["), in: .player) == .multiplySpeed(by: 1 / 1.1))
        #expect(map.action(for: .char("]"), in: .player) == .multiplySpeed(by: 1.1))
        #expect(map.action(for: .char("{"), in: .player) == .multiplySpeed(by: 0.5))
        #expect(map.action(for: .char("}"), in: .player) == .multiplySpeed(by: 2))
        #expect(map.action(for: .special(.backspace), in: .player) == .resetSpeed)
        #expect(map.action(for: .special(.backspace), in: .filter) == .deleteBackward, "Backspace still edits text")
        #expect(map.action(for: .char("."), in: .player) == .frameStep(forward: true))
        #expect(map.action(for: .char(","), in: .player) == .frameStep(forward: false))
        #expect(map.action(for: .char("S"), in: .player) == .saveSnapshot)
        let (custom, problems) = KeyMap.parse("bind player F9 snapshot\nunbind player S\nbind player + speed-up\n", source: "keymap.conf")
        #expect(problems.isEmpty)
        #expect(custom.action(for: .special(.f9), in: .player) == .saveSnapshot)
        #expect(custom.action(for: .char("S"), in: .player) == nil)
        #expect(custom.action(for: .char("+"), in: .player) == .multiplySpeed(by: 1.1))
        let help = HelpText.lines(keyMap: .defaults).joined(separator: "\n")
        for id in ["speed-down", "speed-up", "speed-half", "speed-double", "speed-reset", "frame-step", "frame-back-step", "snapshot"] {
            #expect(help.contains(id))
        }
    }
}
