import Foundation
import Testing

/// AppCore holds the use cases and imports neither the TUI (nor its model, TUIState) nor the demo
/// server (docs/architecture.md, "Modules and the direction of imports"). Package.swift alone does
/// not keep that: SwiftPM compiles an import of any module that happens to be built already, so an
/// undeclared `import TUI` could slip in; this reads AppCore's sources.
@Suite struct AppCoreImportsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Sources/AppCore")
    static let forbidden: Set<String> = ["TUI", "TUIState", "DemoBackend", "CNcurses"]

    @Test func noAppCoreFileImportsTheTUIOrTheDemoBackend() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 50, "AppCore's sources are where this test expects them: \(Self.sources.path)")
        var offenders: [String] = []
        for file in files {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package"].contains($0) })
                else { continue }
                if Self.forbidden.contains(words[index + 1]) { offenders.append("\(file.lastPathComponent): \(line)") }
            }
        }
        #expect(offenders == [])
    }
}
