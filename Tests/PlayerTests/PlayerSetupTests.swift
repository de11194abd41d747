import Foundation
import PlaybackStates
import Testing
@testable import Player

/// Option plan, log parsing and redaction, formatting: pure parts.
@Suite struct PlayerSetupTests {
    let source = MediaSource(url: URL(string: "https://h/v.m3u8")!, authorizationToken: "a,b", isLive: true)

    @Test func optionsComeInOrderWithTheHeaderEscapedAndUserOptionsLast() throws {
        var configuration = PlayerConfiguration()
        configuration.video = .none
        configuration.audio = false
        configuration.extraOptions = [MPVOption(name: "network-timeout", value: "3")]
        let options = try MPVOptionPlan.options(for: source, configuration: configuration, start: 12.5, muted: true, volume: 80)
        let text = options.map(\.description)
        #expect(text.contains("http-header-fields=Authorization: a\\,b"))
        #expect(text.contains("demuxer-lavf-o=protocol_whitelist=[file,http,https,tcp,tls,crypto,data],extension_picky=0,live_start_index=0,http_multiple=0"))
        for expected in ["demuxer=lavf", "ytdl=no", "keep-open=yes", "terminal=no", "input-terminal=no",
                         "input-default-bindings=no", "vo=null", "hwdec=no", "aid=no", "mute=yes", "volume=80", "start=12.5"] {
            #expect(text.contains(expected), "missing \(expected)")
        }
        #expect(text.firstIndex(of: "network-timeout=10")! < text.lastIndex(of: "network-timeout=3")!)
        #expect(text.last == "network-timeout=3")
    }

    /// The session's zoom and pan start every playback framed the same way; none when not set.
    @Test func framingBecomesVideoZoomAndPanOptions() throws {
        var framing = VideoFraming()
        framing.zoom(by: 0.1)
        framing.zoom(by: 0.1)
        framing.zoom(by: 0.1)
        framing.pan(x: -0.1, y: 0)
        let text = try MPVOptionPlan.options(for: source, configuration: .init(), start: 0, muted: false, volume: 100,
                                             framing: framing).map(\.description)
        #expect(text.contains("video-zoom=0.3") && text.contains("video-pan-x=-0.1") && !text.contains { $0.hasPrefix("video-pan-y") })
        let plain = try MPVOptionPlan.options(for: source, configuration: .init(), start: 0, muted: false, volume: 100).map(\.description)
        #expect(!plain.contains { $0.hasPrefix("video-zoom") || $0.hasPrefix("video-pan") })
        #expect(VideoFraming(zoom: 9, panX: -7).zoom == 3 && VideoFraming(zoom: 9, panX: -7).panX == -3, "kept within mpv's sensible range")
        #expect(VideoFraming(zoom: 1).factor == 2)
    }

    /// mpv checks nothing by default: every handle checks certificates, against the CA file when one is given.
    @Test func certificatesAreAlwaysCheckedAndACAFileIsHandedOn() throws {
        let plain = try MPVOptionPlan.options(for: source, configuration: .init(), start: 0, muted: false, volume: 100).map(\.description)
        #expect(plain.contains("tls-verify=yes"))
        #expect(!plain.contains { $0.hasPrefix("tls-ca-file") })
        var withAuthorities = source
        withAuthorities.certificateAuthorityFile = "/home/u/ca.pem"
        let text = try MPVOptionPlan.options(for: withAuthorities, configuration: .init(), start: 0, muted: false, volume: 100).map(\.description)
        #expect(text.contains("tls-verify=yes") && text.contains("tls-ca-file=/home/u/ca.pem"))
    }

    @Test func windowModeUsesTheGPU() throws {
        let options = try MPVOptionPlan.options(for: source, configuration: .init(), start: 0, muted: false, volume: 100)
        #expect(options.map(\.description).contains("vo=gpu"))
        #expect(options.map(\.description).contains("hwdec=auto-safe"))
        #expect(!options.contains { $0.name == "start" || $0.name == "aid" })
    }

    @Test func aFrameLimitSetsFramesAndTurnsKeepOpenOff() throws {
        var configuration = PlayerConfiguration()
        configuration.frameLimit = 5
        let text = try MPVOptionPlan.options(for: source, configuration: configuration, start: 0, muted: false, volume: 100).map(\.description)
        #expect(text.contains("frames=5"))
        #expect(text.contains("keep-open=no"))
        #expect(!text.contains("keep-open=yes"))
    }

    @Test func aTokenWithALineBreakIsRefused() {
        let bad = MediaSource(url: source.url, authorizationToken: "a\r\nX-Evil: 1")
        #expect(throws: PlayerError.self) { try MPVOptionPlan.options(for: bad, configuration: .init(), start: 0, muted: false, volume: 100) }
    }

    @Test func userOptionsParse() throws {
        #expect(try MPVOption(parsing: "--speed=2") == MPVOption(name: "speed", value: "2"))
        #expect(try MPVOption(parsing: "fullscreen") == MPVOption(name: "fullscreen", value: "yes"))
        #expect(try MPVOption(parsing: "ytdl-raw-options=a=b") == MPVOption(name: "ytdl-raw-options", value: "a=b"))
        #expect(throws: PlayerError.self) { try MPVOption(parsing: "=2") }
    }

    @Test func logAnalysisPairsSegmentsWithCauses() {
        let lines = [
            PlayerLogMessage(prefix: "ffmpeg", level: "error", text: "http: HTTP error 500 Internal Server Error"),
            PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 2 of playlist 0"),
            PlayerLogMessage(prefix: "ffmpeg/demuxer", level: "warn", text: "hls: Failed to open segment 3 of playlist 0"),
        ]
        let analysis = LogAnalysis(lines)
        #expect(analysis.segmentFailures.map(\.segment) == [2, 3])
        #expect(analysis.segmentSummary == "segments 2, 3 failed (HTTP error 500 Internal Server Error)")
        #expect(analysis.accessDenied == nil)
        let denied = LogAnalysis([PlayerLogMessage(prefix: "ffmpeg", level: "error", text: "http: HTTP error 401 Unauthorized")])
        #expect(denied.accessDenied?.status == 401)
    }

    @Test func mediaHostComesFromTheURLOrThePrivatePlaylistsFirstURI() throws {
        #expect(MediaHost.of(MediaSource(url: URL(string: "https://cdn.example/a/v.m3u8")!)) == "cdn.example:443")
        #expect(MediaHost.of(MediaSource(url: URL(string: "http://127.0.0.1:8080/v.m3u8")!)) == "127.0.0.1:8080")
        let file = FileManager.default.temporaryDirectory.appending(path: "media-host-\(UUID().uuidString).m3u8")
        defer { try? FileManager.default.removeItem(at: file) }
        try "#EXTM3U\n#EXT-X-MAP:URI=\"http://media.example:81/init.mp4?Authorization=t\"\n#EXTINF:2,\nhttp://other/s0.m4s\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(MediaHost.of(MediaSource(url: file)) == "media.example:81")
        #expect(MediaHost.of(MediaSource(url: file.appending(path: "missing"))) == nil)
    }

    @Test func clockText() {
        #expect(DurationText.clock(0) == "0:00")
        #expect(DurationText.clock(71.9) == "1:11")
        #expect(DurationText.clock(3725) == "1:02:05")
        #expect(PlaybackProgress(position: 5, duration: 10).fraction == 0.5)
        #expect(PlaybackProgress(position: 5).fraction == nil)
    }
}
