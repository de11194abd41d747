import Foundation
import Testing
import TestSupport

/// `make test`'s stages are test targets (docs/development.md, What `make test` runs): the names the
/// Makefile lists (`ALONE`: each in a process of its own; `UNIT`: `make check`) are test targets of
/// Package.swift, and every folder under Tests/ is a target. A misspelt name would make a stage select
/// no test and pass; an undeclared folder's suites would never run. `BESIDE`, the stage that runs in the
/// background beside the next ones, is one of them and ends before `BESIDE_UNTIL`'s turn.
@Suite("The stages are test targets")
struct StagesTests {
    /// A variable of the Makefile as make expands it (nothing is built).
    static func makeVariable(_ name: String) async throws -> [String] {
        let result = try await Program.run("/usr/bin/env", ["make", "-s", "--no-print-directory", "-C", Program.repository.path,
                                                            "--eval", "print-stage-list: ; @echo $(\(name))", "print-stage-list"])
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The test targets Package.swift declares.
    static func testTargets() throws -> Set<String> {
        let manifest = try String(contentsOf: Program.repository.appending(path: "Package.swift"), encoding: .utf8)
        return Set(manifest.matches(of: /\.testTarget\(\s*name:\s*"([A-Za-z0-9]+)"/).map { String($0.1) })
    }

    @Test func everyStageTheMakefileNamesIsATestTargetAndEveryTestFolderIsDeclared() async throws {
        let targets = try Self.testTargets()
        let alone = try await Self.makeVariable("ALONE")
        let unit = try await Self.makeVariable("UNIT")
        #expect(alone.count >= 9 && unit.count >= 5, "ALONE \(alone), UNIT \(unit)")
        #expect(Set(alone).count == alone.count, "each stage once: \(alone)")
        for name in alone + unit {
            #expect(targets.contains(name), "\(name) is not a test target of Package.swift (\(targets.sorted()))")
        }
        #expect(Set(alone).isDisjoint(with: unit), "make check runs only targets of the first stage: \(unit)")
        #expect(!targets.subtracting(alone).isEmpty, "the first stage has targets")

        // The stage that runs in the background is one of ALONE, and the one it must end before
        // comes after it: else scripts/test-stages would start it late or never wait for it.
        let beside = try await Self.makeVariable("BESIDE")
        let until = try await Self.makeVariable("BESIDE_UNTIL")
        if let name = beside.first {
            let start = try #require(alone.firstIndex(of: name), "BESIDE \(name) is not in ALONE \(alone)")
            let end = try #require(until.first.flatMap { alone.firstIndex(of: $0) }, "BESIDE_UNTIL \(until) is not in ALONE")
            #expect(start < end && beside.count == 1, "BESIDE \(beside) before BESIDE_UNTIL \(until) in ALONE \(alone)")
        }

        let supportFolders: Set = ["TestSupport", "CSixel"]
        let folders = try FileManager.default.contentsOfDirectory(atPath: Program.repository.appending(path: "Tests").path)
            .filter { !$0.hasPrefix(".") && !supportFolders.contains($0) }
        for folder in folders {
            #expect(targets.contains(folder), "Tests/\(folder) is no test target of Package.swift: its suites would never run")
        }
    }
}
