import DemoBackend
import Foundation
import TestSupport
import Testing

/// `eventplayer events` with issue 43's options against the demo's Frigate flavour: the GenAI title
/// in the table, its hostile text escaped there and in the JSON, the JSON's description, faces,
/// plates and kept, and standard error saying which search answered.
@Suite("events --search against Frigate (the demo's Frigate flavour)", .serialized, .machineShare)
struct FrigateSearchCommandTests {
    static func frigate() async throws -> DemoServer {
        var configuration = DemoConfiguration()
        configuration.flavor = .frigate
        return try await DemoServer.start(configuration)
    }

    func signedIn(_ server: DemoServer) async throws -> Binary {
        let binary = try Binary()
        let login = try await binary.loginFrigate(server.baseURL)
        #expect(login.status == 0, "\(login.stderr)")
        return binary
    }

    @Test func theTableShowsTheGenAITitleWithItsMarksAndEscapesHostileText() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        let url = server.baseURL.absoluteString
        let parcel = try await binary.run(["events", "--server", url, "--since", "-4d", "--search", "cardboard"])
        #expect(parcel.status == 0, "\(parcel.stderr)")
        #expect(parcel.stdout.contains("Courier leaves a parcel at the porch"), "\(parcel.stdout)")
        #expect(parcel.stderr.contains("text search answered: 1 match"), "\(parcel.stderr)")

        // The hostile item: a screen clear and a window title in its GenAI title, threat 2.
        let hostile = try await binary.run(["events", "--server", url, "--since", "-4d", "--severity", "threat", "--all"])
        #expect(hostile.status == 0, "\(hostile.stderr)")
        #expect(!hostile.stdout.contains("\u{1B}") && !hostile.stdout.contains("\u{07}"), "no escape reaches the terminal")
        let row = try #require(hostile.stdout.split(separator: "\n").first { $0.contains("Stranger tries the garage door") })
        #expect(row.contains("[threat 2]") && row.contains("\\u{1B}[2J"), "\(row)")
        #expect(hostile.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains("[threat ") }, "only threats: \(hostile.stdout)")

        let json = try await binary.run(["events", "--server", url, "--since", "-4d", "--search", "garage door", "--json"])
        #expect(!json.stdout.contains("\u{1B}") && json.stdout.lowercased().contains("\\u001b[2j"), "\(json.stdout.prefix(400))")
    }

    @Test func theJSONCarriesTheDescriptionFacesPlatesAndKept() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        let url = server.baseURL.absoluteString
        let byPlate = try await binary.run(["events", "--server", url, "--since", "-4d", "--plate", "evt 4242", "--json"])
        #expect(byPlate.status == 0, "\(byPlate.stderr)")
        let cars = try #require(try JSONSerialization.jsonObject(with: Data(byPlate.stdout.utf8)) as? [[String: Any]])
        #expect(cars.count == 1)
        #expect(cars.first?["plates"] as? [String] == ["EVT 4242"])
        #expect(cars.first?["kept"] as? Bool == false && cars.first?["subLabels"] is [String])

        let parcel = try await binary.run(["events", "--server", url, "--since", "-4d", "--search", "cardboard", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(parcel.stdout.utf8)) as? [[String: Any]])
        let description = try #require(items.first?["description"] as? [String: Any])
        #expect(description["title"] as? String == "Courier leaves a parcel at the porch")
        #expect(description["threatLevel"] as? Int == 0 && (description["scene"] as? String)?.contains("cardboard") == true)

        let faces = try await binary.run(["events", "--server", url, "--since", "-1d", "--sub-label", "BOB", "--json", "--all"])
        let withBob = try #require(try JSONSerialization.jsonObject(with: Data(faces.stdout.utf8)) as? [[String: Any]])
        #expect(!withBob.isEmpty && withBob.allSatisfy { ($0["subLabels"] as? [String])?.contains("Bob") == true })
    }

    @Test func keepRetainsOnTheServerUndoLetsGoAndAViewerIsRefused() async throws {
        let server = try await Self.frigate()
        defer { Task { await server.stop() } }
        let binary = try await signedIn(server)
        let url = server.baseURL.absoluteString
        let listed = try await binary.run(["events", "--server", url, "--limit", "20", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(items.first { !($0["endTime"] is NSNull) && $0["endTime"] != nil }?["id"] as? String)

        let kept = try await binary.run(["keep", id, "--server", url])
        #expect(kept.status == 0 && kept.stdout == "\(id): kept past retention (retain)\n", "\(kept.stdout) \(kept.stderr)")
        let keptList = try await binary.run(["events", "--server", url, "--since", "-1d", "--kept", "--json"])
        let keptItems = try #require(try JSONSerialization.jsonObject(with: Data(keptList.stdout.utf8)) as? [[String: Any]])
        #expect(keptItems.map { $0["id"] as? String } == [id] && keptItems.first?["kept"] as? Bool == true)
        let table = try await binary.run(["events", "--server", url, "--since", "-1d", "--kept"])
        #expect(table.stdout.contains("[kept]"), "\(table.stdout)")

        let viewer = try Binary()
        let login = try await viewer.run(["login", "--server", url, "--user", DemoAccount.frigateViewer, "--password-stdin"],
                                         input: DemoAccount.frigateViewerPassword + "\n")
        #expect(login.status == 0, "\(login.stderr)")
        let refused = try await viewer.run(["keep", id, "--undo", "--server", url])
        #expect(refused.status == 1, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("Role viewer not authorized. Required: admin") && refused.stderr.contains("admin role"),
                "\(refused.stderr)")

        let undone = try await binary.run(["keep", id, "--undo", "--server", url])
        #expect(undone.status == 0 && undone.stdout.contains("no longer kept (retain undone)"), "\(undone.stdout) \(undone.stderr)")
        let none = try await binary.run(["events", "--server", url, "--since", "-1d", "--kept", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [[String: Any]])?.isEmpty == true, "\(none.stdout)")
    }
}
