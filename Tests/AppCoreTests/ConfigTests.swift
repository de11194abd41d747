import AppCore
import Foundation
import PlaybackStates
import Player
import Testing

@Suite("Config file parsing")
struct ConfigTests {
    @Test func everyKeyParses() throws {
        let config = try AppConfig.parse("""
        server = "https://events.example.com"
        video = "none"
        audio = false
        log-level = "debug"
        notify = "all"
        notify-method = "osc777"
        notify-score = 70

        [network]
        retries = 5
        retry-cap = 2.5

        [headers.all]
        X-Client = "eventplayer"

        [headers.mediaSegment]
        X-Debug = "1"

        [mpv]
        cache-secs = 30
        """)
        #expect(config.server == URL(string: "https://events.example.com"))
        #expect(config.video == VideoModeChoice.none)
        #expect(config.audio == false)
        #expect(config.logLevel == .debug)
        #expect(config.network == ["retries": 5, "retry-cap": 2.5])
        #expect(config.headers["all"] == [.init(name: "X-Client", value: "eventplayer")])
        #expect(config.headers["mediaSegment"] == [.init(name: "X-Debug", value: "1")])
        #expect(config.mpvOptions == [.init(name: "cache-secs", value: "30")])
        #expect(config.notify == .all)
        #expect(config.notifyMethod == .osc777)
        #expect(config.notifyScore == 70)
    }

    @Test func anEmptyOrMissingFileIsTheDefault() throws {
        #expect(try AppConfig.parse("") == AppConfig())
        let missing = FileManager.default.temporaryDirectory.appending(path: "no-such-\(UUID().uuidString).toml")
        #expect(try AppConfig.load(from: missing) == AppConfig())
    }

    @Test("every message names the line, the key, what is allowed and the value", arguments: [
        ("audio = true\n\ncolour = true",
         "config.toml:3: unknown key `colour` (known: server, backend, video, video-glyphs, video-protocol, network-mode, audio, log-level, speed, follow, follow-interval, notify, notify-method, notify-score, export-dir, ca-file, [network], [headers.<kind>], [mpv], [camera-sets], [profiles.<name>]; see Resources/config.example.toml)"),
        ("# retries\n[network]\nretry-cap = 0\nretries = 100000",
         "config.toml:4: [network] retries must be a whole number from 0 to 999 (got 100000)"),
        ("[network]\nretries = \"three\"", "config.toml:2: [network] retries must be a number (got \"three\")"),
        ("[network]\nrequest-timeout = 0", "config.toml:2: [network] request-timeout must be a number of seconds above 0 and at most 86400 (got 0)"),
        ("[network]\nretry-cap = -1.5", "config.toml:2: [network] retry-cap must be a number of seconds from 0 to 3600 (got -1.5)"),
        ("[network]\nretrys = 3", "config.toml:2: [network] unknown key `retrys`"),
        ("network.retries = 1000", "config.toml:1: [network] retries must be a whole number from 0 to 999 (got 1000)"),
        ("network = { retries = -1 }", "config.toml:1: [network] retries must be a whole number from 0 to 999 (got -1)"),
        ("\nserver = \"ftp://x\"", "config.toml:2: server \"ftp://x\": the scheme must be http or https, not ftp"),
        ("server = \"http://127.0.0.1:99999\"", "config.toml:1: server \"http://127.0.0.1:99999\": the port must be from 1 to 65535, not 99999"),
        ("server = 8080", "config.toml:1: server must be an http(s) URL string (got 8080)"),
        ("video = \"big\"", "config.toml:1: video must be auto, window, terminal or none (got \"big\")"),
        ("audio = 1", "config.toml:1: audio must be true or false (got 1)"),
        ("notify = \"loud\"", "config.toml:1: notify must be alerts, all or none (got \"loud\")"),
        ("notify-method = \"osc99\"", "config.toml:1: notify-method must be auto, osc9, osc777 or bell (got \"osc99\")"),
        ("notify-score = 101", "config.toml:1: notify-score must be a whole number from 0 to 100 (got 101)"),
        ("log-level = \"loud\"", "config.toml:1: log-level must be trace, debug, info, notice, warning, error or critical (got \"loud\")"),
        ("[headers.all]\nX-A = \"1\"\n[headers.mediaSegmnt]\nX-B = \"2\"", "config.toml:3: [headers.mediaSegmnt]: `mediaSegmnt` is not a request kind"),
        ("[headers.all]\n\"Bad Name\" = \"1\"", "config.toml:2: [headers.all] Bad Name:"),
        ("[headers.all]\nX-A = \"1\"\nX-B = \"a\\r\\nX-Evil: 1\"", "config.toml:3: [headers.all] X-B: the value contains a line break"),
        ("\n[headers.mediaSegment]\nX-B = \"a\\u0000b\"", "config.toml:3: a \\u0000 escape (NUL) cannot be used in a value: remove it"),
        ("[mpv]\nx = \"\\U00000000\"", "config.toml:2: a \\U00000000 escape (NUL) cannot be used in a value: remove it"),
        ("\n[headers.mediaSegment]\nX-B = \"a\\u001B[2J\"", "config.toml:3: [headers.mediaSegment] X-B: the value contains the control character U+001B"),
        ("[mpv]\nspeed = \"1.5\"\nvf = [1]", "config.toml:3: [mpv] vf must be a string, number or boolean (got an array)"),
        ("mpv = 3", "config.toml:1: [mpv] must be a table (got 3)"),
        ("server = \n", "config.toml:1:"),
    ])
    func badValuesAreNamed(text: String, expected: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text) }
        #expect(error?.description.hasPrefix(expected) == true, "\(error?.description ?? "")")
    }

    @Test("an escaped backslash before u0000 is text, not a NUL")
    func anEscapedBackslashIsNotANul() throws {
        let config = try AppConfig.parse("[headers.all]\nX-A = \"a\\\\u0000b\"\n")
        #expect(config.headers["all"] == [.init(name: "X-A", value: "a\\u0000b")])
    }

    @Test("0 and 1 are numbers, not booleans")
    func zeroAndOneAreNumbers() throws {
        let config = try AppConfig.parse("[network]\nretry-cap = 0\nretries = 1\nretry-base = 0.0\nrequest-log-size = 1\n")
        #expect(config.network == ["retry-cap": 0, "retries": 1, "retry-base": 0, "request-log-size": 1])
    }

    @Test("the first problem in the file is the one reported")
    func firstProblemByLine() {
        let error = #expect(throws: ConfigError.self) {
            try AppConfig.parse("zzz = 1\nvideo = \"big\"\n[network]\nretries = -1\n")
        }
        #expect(error?.line == 1)
    }

    @Test("a config file that is a directory or unreadable says so")
    func unreadableFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ep-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let error = #expect(throws: ConfigError.self) { try AppConfig.load(from: directory) }
        #expect(error?.description == "\(directory.path): is a directory, not a file")
        let binary = directory.appending(path: "config.toml")
        try Data([0xFF, 0xFE, 0x00]).write(to: binary)
        #expect(throws: ConfigError.self) { try AppConfig.load(from: binary) }
    }

    @Test("a config file that is a symbolic-link loop is an error naming the reason, not a missing file")
    func aSymbolicLinkLoopIsNotMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "ep-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = directory.appending(path: "config.toml")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let error = #expect(throws: ConfigError.self) { try AppConfig.load(from: loop) }
        #expect(error?.description == "\(loop.path): cannot be read: it is a symbolic link loop (Too many levels of symbolic links)")
        let fifo = directory.appending(path: "fifo.toml")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let notAFile = #expect(throws: ConfigError.self) { try AppConfig.load(from: fifo) }   // and it does not block
        #expect(notAFile?.description.contains("is not a regular file") == true)
        let writer = Thread { try? Data("audio = false\n".utf8).write(to: fifo) }   // --config <(…): a named path may be a pipe
        writer.start()
        #expect(try AppConfig.load(from: fifo, mustExist: true).audio == false)
        var info = stat()
        #expect(stat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still the pipe it was")
        let dangling = directory.appending(path: "dangling.toml")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: directory.appending(path: "gone").path)
        #expect(try AppConfig.load(from: dangling) == AppConfig())                             // a link to nothing: no file
        let required = #expect(throws: ConfigError.self) { try AppConfig.load(from: dangling, mustExist: true) }
        #expect(required?.description == "config file \(dangling.path) does not exist")
    }

    @Test("video, video-glyphs, video-protocol, network-mode: read once into their enums; the flag wins, then the file, then the default")
    func choices() throws {
        #expect(try AppConfig.parse("").videoMode(flag: nil) == .auto)
        #expect(try AppConfig.parse("video = \"window\"").video == .window)
        #expect(try AppConfig.parse("video = \"window\"").videoMode(flag: VideoModeChoice.none) == VideoModeChoice.none)
        #expect(try AppConfig.parse("video = \"terminal\"").videoMode(flag: nil) == .terminal)
        #expect(try AppConfig.parse("video-glyphs = \"sextant\"").videoGlyphs == .sextant)
        #expect(try AppConfig.parse("").videoGlyphs(flag: nil) == .half)
        #expect(try AppConfig.parse("video-glyphs = \"sextant\"").videoGlyphs(flag: .quadrant) == .quadrant)
        #expect(try AppConfig.parse("").videoProtocol(flag: nil) == .auto)
        #expect(try AppConfig.parse("video-protocol = \"cells\"").videoProtocol(flag: nil) == .cells)
        #expect(try AppConfig.parse("video-protocol = \"cells\"").videoProtocol(flag: .sixel) == .sixel)
        let graphics = #expect(throws: ConfigError.self) { try AppConfig.parse("video-protocol = \"iterm\"") }
        #expect(graphics?.description == "config.toml:1: video-protocol must be auto, kitty, sixel or cells (got \"iterm\")")
        #expect(try AppConfig.parse("network-mode = \"direct\"").networkMode == .direct)
        #expect(NetworkMode.resolve(flag: nil, config: try AppConfig.parse("network-mode = \"direct\"")) == .direct)
        #expect(NetworkMode.resolve(flag: .proxy, config: try AppConfig.parse("network-mode = \"direct\"")) == .proxy)
        #expect(NetworkMode.resolve(flag: nil, config: AppConfig()) == .proxy)
        let network = #expect(throws: ConfigError.self) { try AppConfig.parse("network-mode = \"carrier-pigeon\"") }
        #expect(network?.description == "config.toml:1: network-mode must be direct or proxy (got \"carrier-pigeon\")")
        let video = #expect(throws: ConfigError.self) { try AppConfig.parse("video = 3") }
        #expect(video?.description == "config.toml:1: video must be auto, window, terminal or none (got 3)")
        let error = #expect(throws: ConfigError.self) {
            try AppConfig.parse("audio = true\nvideo-glyphs = \"braille\"", file: "/home/me/config.toml")
        }
        #expect(error?.line == 2)
        #expect(error?.message.contains("video-glyphs must be half, quadrant or sextant") == true)
    }

    /// A number beyond 64 bits is refused by the TOML reader before any key is read: the message
    /// still names the key, what it allows and the number as written.
    @Test("a number too large for TOML names its key and range", arguments: [
        ("[network]\nretries = 99999999999999999999999\n", 2, "[network] retries must be a whole number from 0 to 999 (got 99999999999999999999999)"),
        ("audio = true\nspeed = 123456789012345678901234567890\n", 2, "speed must be a number from 0.25 to 16 (got 123456789012345678901234567890)"),
    ])
    func aNumberTooLargeForTOMLNamesItsKeyAndRange(text: String, line: Int, message: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text, file: "c.toml") }
        #expect(error?.line == line)
        #expect(error?.message == message)
    }

    /// A key or value pasted by mistake is quoted by its start and length, not echoed whole.
    @Test func aHugeKeyOrValueIsNotEchoedWhole() {
        let key = String(repeating: "k", count: 1_000_000)
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse("\(key) = 1\n", file: "c.toml") }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.count < 600, "\(text.count) characters")
        #expect(text.hasPrefix("c.toml:1: unknown key `" + String(repeating: "k", count: 39) + "… (1000002 characters) (known: server,"))
        let value = String(repeating: "v", count: 500_000)
        let refused = #expect(throws: ConfigError.self) { try AppConfig.parse("video = \"\(value)\"\n", file: "c.toml") }
        #expect((refused?.message.count ?? .max) < 300)
        #expect(refused?.message.contains("(500003 characters)") == true)
    }
}
