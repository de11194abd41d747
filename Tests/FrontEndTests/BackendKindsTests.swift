import AppCore
import CLIFrontEnd
import EventsAPI
import Foundation
import Networking
import Testing

/// Every backend kind is known wherever one must be (docs/architecture.md, "Adding a backend"):
/// the factory makes it, `--backend` takes it, the detector has a finding of it, the demo starts
/// its flavour (and a client of that kind signs in to it) or says it has none, and the checklist
/// names every source file that names a kind by its case.
@Suite struct BackendKindsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theFactoryMakesEveryKindAndTheBackendFlagTakesIt() {
        let pipeline = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))
        for kind in BackendKind.allCases {
            let backend = BackendFactory.make(kind, server: URL(string: "http://127.0.0.1:9")!, pipeline: pipeline)
            #expect(backend.kind == kind)
            #expect(BackendChoice(rawValue: kind.rawValue) == .kind(kind))
            #expect(BackendChoice.names.contains(kind.rawValue))
        }
        #expect(Set(BackendKind.allCases.map(\.displayName)).count == BackendKind.allCases.count)
    }

    /// The detector's findings are declared one case per kind (`Found`): its source declares each.
    @Test func theDetectorHasAFindingOfEveryKind() throws {
        let detector = try String(contentsOf: Self.root.appending(path: "Sources/EventsAPI/Backend/BackendDetector.swift"), encoding: .utf8)
        for kind in BackendKind.allCases {
            #expect(detector.contains("case \(kind.rawValue)"), "BackendDetector.Found has no case \(kind.rawValue)")
        }
    }

    @Test func theDemoStartsEachFlavourItHasAndRefusesTheOthers() async throws {
        let pipeline = NetworkPipeline(configuration: NetworkConfiguration(retry: RetryPolicy(maxRetries: 0)))
        #expect(!DemoBackendStarter.flavors.isEmpty)
        for kind in BackendKind.allCases {
            if DemoBackendStarter.flavors.contains(kind) {
                let demo = try await DemoBackendStarter().start(flavor: kind)
                #expect(demo.backend == kind)
                let backend = BackendFactory.make(kind, server: demo.baseURL, pipeline: pipeline)
                let session = try await backend.signIn(user: demo.email, password: demo.password)
                #expect(session.backend ?? .events == kind)
                await demo.stop()
            } else {
                await #expect(throws: (any Error).self, "the demo has no \(kind.rawValue) flavour: start must say so") {
                    let demo = try await DemoBackendStarter().start(flavor: kind)
                    await demo.stop()
                }
            }
        }
    }

    /// A source file outside the backends' own folders that names the newest kind by its case is
    /// a place the next kind needs too: the checklist names it.
    @Test func theChecklistNamesEveryPlaceAKindIsNamed() throws {
        let architecture = try String(contentsOf: Self.root.appending(path: "docs/architecture.md"), encoding: .utf8)
        let start = try #require(architecture.range(of: "### Adding a backend"))
        let rest = architecture[start.upperBound...]
        let checklist = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        let newest = try #require(BackendKind.allCases.last)
        let named = try Regex("\\.\(newest.rawValue)\\b|case \(newest.rawValue)\\b")
        let sources = Self.root.appending(path: "Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var places: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let folders = file.deletingLastPathComponent().pathComponents.map { $0.lowercased() }
            if BackendKind.allCases.contains(where: { folders.contains($0.rawValue) }) { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains(named) { places.append(file.lastPathComponent) }
        }
        #expect(places.count >= 4, "the walk found too few places: \(places)")
        for place in places {
            #expect(checklist.contains("`\(place)`"), "docs/architecture.md's \"Adding a backend\" does not name \(place)")
        }
    }
}
