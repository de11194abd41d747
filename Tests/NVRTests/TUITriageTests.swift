import DemoBackend
import Foundation
import TestSupport
import Testing

/// Triage by what Frigate knows, in the real TUI against the demo's Frigate flavour (signed in as
/// its admin): the GenAI title in the row, `i` with the item's tracked objects and scene, `K`
/// retaining the item on the server and `K` again letting it go, and the hostile GenAI title shown
/// escaped with its threat mark, the screen not cleared by it.
@Suite(.serialized, .machineShare) struct TUITriageTests {
    @Test(.enabled(if: Tmux.binary != nil), .timeLimit(.minutes(2)))
    func theGenAITitleDetailsAndKeepOnTheServer() async throws {
        let (server, binary) = try await FrigateDemo.signedInBinary()
        defer { Task { await server.stop() } }
        let pane = try Tmux(socket: "ep-e2e-triage-\(getpid())")
        defer {
            pane.kill()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let script = binary.paneScript("--server \(server.baseURL.absoluteString) --no-audio --video window",
                                       exports: ["TERM": "tmux-256color"], unsetting: ["NO_COLOR"])
        pane.start(columns: 220, rows: 40, environment: binary.paneEnvironment, command: script)   // wide: titles whole, faces after them
        let (parcel, details, kept, released, hostile, faces, plate, searched) = try await Tmux.offPool {
            () throws -> (String, String, String, String, String, String, String, String) in
            try pane.waitFor(" loaded")
            // `/` and Tab: every item on the server, not only the page loaded; "cardboard" is only
            // in the parcel item's GenAI scene, hours older than the first page.
            pane.keys("/")
            pane.type("cardboard")
            pane.keys("Tab")
            let searched = try pane.waitUntil("the server search's answer", seconds: 30) { screen in
                Self.header(screen).contains("search “cardboard”: 1 found in ") && ScreenReading.selectedRow(screen)?.contains("Courier leaves a parcel") == true
            }
            pane.keys("Escape")
            try pane.waitUntil("the list's pages again") { Self.header($0).contains(" loaded") }
            // The GenAI items are older than six hours: the list from there.
            pane.keys("t")
            pane.keys("-l", "--", "-6h")   // `--`: tmux would read -6h as its own flag
            pane.keys("Enter")
            try pane.waitUntil("the list before six hours ago", seconds: 20) { Self.header($0).contains("until ") }
            try pane.waitFor(" loaded")
            pane.keys("/")
            pane.type("parcel")
            pane.keys("Enter")
            let parcel = try pane.waitUntil("the parcel item selected") { ScreenReading.selectedRow($0)?.contains("Courier leaves a parcel") == true }
            pane.keys("i")
            let details = try pane.waitUntil("the item's objects and the camera's recording") { screen in
                screen.contains("Objects") && screen.contains("cardboard") && screen.contains("Recording around it")
            }
            pane.keys("Escape")
            try pane.waitUntil("the box closed") { !$0.contains("Objects") }
            pane.keys("K")
            let kept = try pane.waitUntil("kept on the server") { $0.contains("Kept past retention") }
            pane.keys("K")
            let released = try pane.waitUntil("let go") { $0.contains("No longer kept") }
            pane.keys("Escape")   // the `/` text goes (waited for: an Escape followed at once by a key reads as Alt)
            try pane.waitUntil("every loaded row again") { !Self.header($0).contains(" of ") }
            pane.keys("/")
            pane.type("garage door")
            pane.keys("Enter")
            let hostile = try pane.waitUntil("the hostile item selected") { ScreenReading.selectedRow($0)?.contains("owned") == true }
            pane.keys("Escape")
            try pane.waitUntil("every loaded row again") { !Self.header($0).contains(" of ") }
            // `o` offers the faces and plates beside the labels: a face, then the one rare plate,
            // which only its tracked object carries, deep in the history.
            try TUIFrigateTests.pick("face: Alice", key: "o", title: "Label, face or plate", all: "All labels", in: pane)
            let faces = try pane.waitUntil("Alice's items only") { screen in
                Self.header(screen).contains("face: Alice") && Self.listRows(screen).count > 1
                    && Self.listRows(screen).allSatisfy { $0.contains("Alice") }
            }
            try TUIFrigateTests.pick("plate: EVT 4242", key: "o", title: "Label, face or plate", all: "All labels", in: pane)
            let plate = try pane.waitUntil("the car with the rare plate", seconds: 30) { screen in
                Self.header(screen).contains("plate: EVT 4242") && !Self.listRows(screen).isEmpty
                    && Self.listRows(screen).allSatisfy { $0.contains("EVT 4242") }
            }
            pane.keys("q")
            try pane.waitFor("EXIT=0")
            return (parcel, details, kept, released, hostile, faces, plate, searched)
        }
        #expect(ScreenReading.selectedRow(parcel)?.contains("Courier leaves a parcel") == true)
        #expect(!Self.listRows(searched).contains { !$0.contains("Courier") }, "the answer is the list")
        #expect(details.contains("person"), "the tracked object in the box")
        #expect(ScreenReading.selectedRow(kept)?.contains("⚑ Courier leaves a parcel") == true,
                "the kept mark: \(ScreenReading.selectedRow(kept) ?? "")")
        #expect(ScreenReading.selectedRow(released)?.contains("⚑") == false)
        let retains = await server.requestLog().filter { $0.path.hasSuffix("/retain") }
        #expect(retains.contains { $0.method == "POST" && $0.status == 200 } && retains.contains { $0.method == "DELETE" && $0.status == 200 },
                "\(retains.map { "\($0.method) \($0.path) \($0.status)" })")
        // The hostile title's escapes are shown as text: the screen is intact and the row marked a threat.
        let row = try #require(ScreenReading.selectedRow(hostile))
        #expect(row.contains("‼") && row.contains("\\u{1B}[2J"), "\(row)")
        #expect(Self.header(hostile).contains("eventplayer"), "the screen was not cleared")
        #expect(Self.listRows(faces).allSatisfy { $0.contains("Alice") })
        #expect(Self.listRows(plate).allSatisfy { $0.contains("EVT 4242") })
    }

    /// The list's rows (their list part), after the header and the column titles.
    static func listRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").dropFirst(2).compactMap { $0.split(separator: "│").first.map(String.init) }
            .filter { $0.contains(/\d:\d\d/) }
    }

    /// The header: the screen's first line.
    static func header(_ screen: String) -> String {
        screen.split(separator: "\n").first.map(String.init) ?? ""
    }
}
