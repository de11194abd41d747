@testable import AppCore
import EventsAPI
import Foundation
import Testing

/// Which server a command talks to: `--server`, `--profile`, `EVENTPLAYER_SERVER`,
/// `EVENTPLAYER_PROFILE`, the config file's `server`, the last server signed in to, the demo.
@Suite("ServerChoice.plan: the order of precedence, profiles and the stored session")
struct ServerChoicePlanTests {
    let config = try! AppConfig.parse("""
        server = "http://config.example:8080/"
        [profiles.home]
        server = "https://NVR.home:8971/"
        backend = "frigate"
        ca-file = "~/home-ca.pem"
        [profiles.office]
        server = "http://zm.office/zm/"
        """)
    let stored = URL(string: "https://stored.example/")!

    func plan(flag: String? = nil, profile: String? = nil, demo: Bool = false, environment: [String: String] = [:],
              config: AppConfig? = nil, stored: URL? = nil) throws -> ServerChoice.Plan? {
        try ServerChoice.plan(flag: flag, profileFlag: profile, demoRequested: demo, environment: environment,
                              config: config ?? self.config, stored: stored)
    }

    @Test func eachSourceInItsPlace() throws {
        let everything = ["EVENTPLAYER_SERVER": "http://env.example", "EVENTPLAYER_PROFILE": "office"]
        #expect(try plan(flag: "http://flag.example/", profile: "home", environment: everything, stored: stored)?.url.absoluteString
                == "http://flag.example")
        let byProfile = try #require(try plan(profile: "home", environment: everything, stored: stored))
        #expect(byProfile.url.absoluteString == "https://nvr.home:8971")
        #expect(byProfile.origin == .profileFlag && byProfile.profile?.name == "home")
        #expect(try plan(environment: everything, stored: stored)?.origin == .environment)
        let byEnvironmentProfile = try plan(environment: ["EVENTPLAYER_PROFILE": "office"], stored: stored)
        #expect(byEnvironmentProfile?.url.absoluteString == "http://zm.office/zm")
        #expect(byEnvironmentProfile?.origin == .profileEnvironment)
        #expect(try plan(stored: stored)?.origin == .configFile)
        let noServer = AppConfig()
        let fromSession = try plan(config: noServer, stored: stored)
        #expect(fromSession?.origin == .storedSession && fromSession?.url.absoluteString == "https://stored.example")
        #expect(try plan(config: noServer) == nil)
    }

    @Test func demoAskedForWinsOverTheEnvironmentTheFileAndTheStoredSessionButNotTheOtherFlags() throws {
        #expect(try plan(demo: true, config: AppConfig(), stored: stored) == nil)
        #expect(try plan(demo: true, environment: ["EVENTPLAYER_SERVER": "http://env.example"], stored: stored) == nil)
        #expect(try plan(flag: "http://flag.example", demo: true)?.origin == .flag)
        #expect(try plan(profile: "home", demo: true)?.origin == .profileFlag)
    }

    @Test func anUnknownProfileNamesTheKnownOnes() throws {
        let error = #expect(throws: ConfigError.self) { try plan(profile: "cabin") }
        #expect(error?.message.contains("--profile cabin: no such profile (known: home, office)") == true, "\(String(describing: error))")
        let none = #expect(throws: ConfigError.self) { try plan(environment: ["EVENTPLAYER_PROFILE": "x"], config: AppConfig()) }
        #expect(none?.message.contains("has no [profiles.<name>] table") == true)
    }

    @Test func aProfileReplacesTheTopLevelKeys() throws {
        let home = try config.profile(named: "home", origin: "--profile")
        let applied = config.applying(home)
        #expect(applied.server?.absoluteString == "https://nvr.home:8971")
        #expect(applied.backend == .kind(.frigate))
        #expect(applied.caFile == "~/home-ca.pem")
        #expect(config.applying(try config.profile(named: "office", origin: "--profile")).caFile == nil)
    }

    @Test(arguments: [
        ("[profiles.a]\nbackend = \"frigate\"\n", "config.toml:1: [profiles.a] needs a server"),
        ("[profiles.a]\nserver = \"ftp://x\"\n", "config.toml:2: [profiles.a] server \"ftp://x\": the scheme must be http or https"),
        ("[profiles.a]\nserver = \"http://x\"\nvideo = \"window\"\n", "config.toml:3: [profiles.a] unknown key `video` (known: server, backend, ca-file)"),
        ("profiles = 3\n", "config.toml:1: [profiles.<name>] must be tables"),
    ])
    func badProfilesNameTheirLine(text: String, expected: String) {
        let error = #expect(throws: ConfigError.self) { try AppConfig.parse(text) }
        #expect(error.map { "\($0)" }?.contains(expected) == true, "\(String(describing: error))")
    }

    /// The `N` picker's choice replaces whatever named the server, and keeps the other options.
    @Test func switchingNamesOnlyTheChosenServer() {
        let options = GlobalOptions(server: "http://a", profile: "home", backend: .kind(.frigate), demo: .frigate, logLevel: .debug)
        let toServer = options.switching(to: .server(URL(string: "http://b")!))
        #expect(toServer.server == "http://b" && toServer.profile == nil && toServer.demo == nil && toServer.backend == nil)
        #expect(toServer.logLevel == .debug)
        let toProfile = options.switching(to: .profile("shop"))
        #expect(toProfile.profile == "shop" && toProfile.server == nil && toProfile.demo == nil)
        #expect(options.switching(to: .demo).demo == .frigate, "the flavour asked for stays")
        #expect(GlobalOptions(server: "http://a").switching(to: .demo).demo == .events)
        #expect(options.switching(to: .demo).server == nil)
    }
}
