import Foundation
import Testing
@testable import Player

@Suite struct VideoModeChoiceTests {
    @Test func autoIsAWindowOnlyWithADisplayAndNoSSH() {
        #expect(VideoModeChoice.auto.resolve(environment: ["DISPLAY": ":0"]) == .window)
        #expect(VideoModeChoice.auto.resolve(environment: ["WAYLAND_DISPLAY": "wayland-0"]) == .window)
        #expect(VideoModeChoice.auto.resolve(environment: [:]) == .terminal)
        #expect(VideoModeChoice.auto.resolve(environment: ["DISPLAY": ""]) == .terminal)
        #expect(VideoModeChoice.auto.resolve(environment: ["DISPLAY": ":0", "SSH_CONNECTION": "10.0.0.1 5 10.0.0.2 22"]) == .terminal)
        #expect(VideoModeChoice.auto.resolve(environment: ["DISPLAY": "localhost:10.0", "SSH_TTY": "/dev/pts/3"]) == .terminal)
        #expect(VideoModeChoice.window.resolve(environment: [:]) == .window)
        #expect(VideoModeChoice.none.resolve(environment: ["DISPLAY": ":0"]) == VideoMode.none)
        #expect(VideoModeChoice.terminal.resolve(environment: ["DISPLAY": ":0"]) == .terminal)
    }

    @Test func terminalModeRendersInSoftwareThroughLibmpv() throws {
        var configuration = PlayerConfiguration()
        configuration.video = .terminal
        let source = MediaSource(url: URL(string: "https://h/v.m3u8")!)
        let text = try MPVOptionPlan.options(for: source, configuration: configuration, start: 0, muted: false, volume: 100).map(\.description)
        for expected in ["vo=libmpv", "hwdec=no", "video-timing-offset=0"] { #expect(text.contains(expected), "missing \(expected)") }
    }
}
