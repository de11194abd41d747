import Foundation
import TestSupport
import Testing

/// Triage on a real ZoneMinder in the TUI: a motion event of the Modect monitor plays with its
/// alarms marked on the slider, `J` lands on the moment ZoneMinder scored highest, `i` names the
/// monitor and the alarm frames, and `K` archives the event on the server and `K` again takes it
/// out (read back by SQL).
extension TUIZoneMinderTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(3)))
    func jLandsOnTheHighestScoreAndKArchivesOnTheServer() async throws {
        let (zm, binary, _, _) = try await Self.signedIn(finished: (frontDoor: 1, backYard: 1))
        let id = try await ZoneMinderAlarmTests.alarmEvent(zm)
        // Where ZoneMinder scored highest: the first frame with the event's MaxScore.
        let highest = try #require(Double(try await zm.sql(
            "SELECT Delta FROM Frames f JOIN Events e ON e.Id=f.EventId WHERE e.Id=\(id) AND f.Score=e.MaxScore ORDER BY FrameId LIMIT 1")))
        try #require(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "0")
        let config = binary.home.appending(path: "config/eventplayer")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("follow = false\n".utf8).write(to: config.appending(path: "config.toml"))
        let pane = try Tmux(socket: "ep-e2e-zoneminder-triage-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(zm.server) --video terminal --no-audio",
                                       exports: ["TERM": "tmux-256color"], unsetting: ["NO_COLOR"])
        pane.start(columns: 140, rows: 40, environment: binary.paneEnvironment, command: script)
        let (marked, jumped, details, archived) = try await Tmux.offPool {
            () throws -> (String, String, String, String) in
            try pane.waitFor(" loaded")
            pane.keys("/")
            pane.type(String(id))
            pane.keys("Enter")
            try pane.waitUntil("the motion event selected", seconds: 30) { ScreenReading.selectedRow($0)?.contains("Driveway") == true }
            pane.keys("Enter")
            let marked = try pane.waitUntil("its alarms on the slider", seconds: 30) { screen in
                ScreenReading.sliderLine(screen)?.contains("▾") == true
            }
            // The event is seconds long: it may have ended by now; J plays on from the moment.
            pane.keys("J")
            let jumped = try pane.waitUntil("at the highest score", seconds: 20) { screen in
                guard let seconds = ScreenReading.sliderSeconds(screen) else { return false }
                return Double(seconds) >= highest.rounded(.down) && Double(seconds) <= highest + 3
                    && screen.contains("The highest-scoring moment: \(Self.clock(highest))")
            }
            pane.keys("i")
            let details = try pane.waitUntil("the monitor and its alarm frames") { $0.contains("Monitor: Driveway") && $0.contains("Alarm frames") }
            pane.keys("Escape")
            try pane.waitUntil("the box closed") { !$0.contains("Monitor: Driveway") }
            pane.keys("K")
            let archived = try pane.waitUntil("archived on the server") { $0.contains("Kept past retention") }
            return (marked, jumped, details, archived)
        }
        #expect(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "1", "archived in ZoneMinder's database")
        let restored = try await Tmux.offPool { () throws -> String in
            pane.keys("K")
            let restored = try pane.waitUntil("out of the archive") { $0.contains("No longer kept") }
            pane.keys("q", "q")
            try pane.waitFor("EXIT=0")
            return restored
        }
        #expect(ScreenReading.sliderLine(marked)?.contains("▾") == true)
        #expect(jumped.contains("The highest-scoring moment: \(Self.clock(highest))"),
                "J's target is ZoneMinder's highest frame at \(highest) s")
        #expect(details.contains("Function: Modect"))
        #expect(archived.contains("archive on the server") && restored.contains("No longer kept"))
        #expect(try await zm.sql("SELECT Archived FROM Events WHERE Id=\(id)") == "0", "taken out of the archive again")
        let log = (try? String(contentsOf: binary.home.appending(path: "state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        #expect(!log.contains("eyJ"), "no token in the log")
    }

    /// `m:ss` of `seconds`, as the TUI writes a position.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):" + String(format: "%02d", whole % 60)
    }
}
