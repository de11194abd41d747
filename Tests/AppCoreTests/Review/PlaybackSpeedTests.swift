import AppCore
import Testing

@Suite("Playback speed")
struct PlaybackSpeedTests {
    @Test func mpvsKeysMultiplyAndUndoEachOther() {
        let up = PlaybackSpeed.normal.multiplied(by: 1.1).multiplied(by: 1.1)
        #expect(up.value == 1.21)
        #expect(up.text == "1.21×")
        #expect(up.multiplied(by: 1 / 1.1).multiplied(by: 1 / 1.1) == .normal, "] ] [ [ is 1× again")
        #expect(PlaybackSpeed.normal.multiplied(by: 2).multiplied(by: 0.5).isNormal)
        #expect(PlaybackSpeed(1.331).text == "1.33×")
    }

    @Test func clampsTo025And16() {
        #expect(PlaybackSpeed(40).value == 16)
        #expect(PlaybackSpeed(0.1).value == 0.25)
        #expect(PlaybackSpeed(.nan).isNormal)
        #expect(PlaybackSpeed(16).isAtLimit && PlaybackSpeed(0.25).isAtLimit && !PlaybackSpeed(2).isAtLimit)
        var speed = PlaybackSpeed.normal
        for _ in 0..<10 { speed = speed.multiplied(by: 2) }
        #expect(speed.value == 16)
        for _ in 0..<10 { speed = speed.multiplied(by: 0.5) }
        #expect(speed.value == 0.25)
    }

    @Test func textDropsTrailingZeros() {
        #expect(PlaybackSpeed(2).text == "2×")
        #expect(PlaybackSpeed(0.5).text == "0.5×")
        #expect(PlaybackSpeed(0.25).text == "0.25×")
        #expect(PlaybackSpeed(1.05).text == "1.05×")
        #expect(PlaybackSpeed(1 / 1.1).text == "0.91×")
        #expect(PlaybackSpeed(16).text == "16×")
    }
}
