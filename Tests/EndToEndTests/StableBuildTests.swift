import Foundation
import Testing

/// The Makefile builds in one fixed environment (`SWIFTPM`): a tree built once builds nothing
/// again from a shell whose environment differs (another tmux pane, a variable the dependencies'
/// manifests read such as Hummingbird's `ENABLE_HB_BENCHMARKS`). It runs in a stage of its own,
/// after the others (`make test`): a build that did repeat itself would relink what other suites run.
@Suite("A build that never repeats itself", .serialized)
struct StableBuildTests {
    @Test(.timeLimit(.minutes(20)))
    func anUnchangedTreeBuildsNothingFromAnotherEnvironment() async throws {
        let repo = InstallTests.repo.path
        // Whatever is left to build under the Makefile's environment (nothing after `make test`'s build).
        let first = try await InstallTests.run("/usr/bin/env", ["make", "-C", repo, "build"])
        try #require(first.status == 0, "\(first.stdout.suffix(800))\(first.stderr.suffix(800))")
        let other = ["ENABLE_HB_BENCHMARKS": "1", "ENABLE_ALL_TRAITS": "1", "SWIFTCI_USE_LOCAL_DEPS": "1",
                     "TMUX": "/tmp/tmux-0/other,4242,1", "TMUX_PANE": "%7", "TERM": "tmux-256color", "LANG": "C.UTF-8"]
        let second = try await InstallTests.run("/usr/bin/env", ["make", "-C", repo, "build"], environment: other)
        #expect(second.status == 0, "\(second.stderr.suffix(800))")
        // SwiftPM names its plugins ("Compiling plugin GenerateManual") on every build, from its cache.
        let steps = second.stdout.split(separator: "\n").filter { line in
            (line.contains("Compiling") && !line.contains("Compiling plugin")) || line.contains("Linking") || line.contains("Planning build")
        }
        #expect(steps.isEmpty, "built again for another environment:\n\(steps.prefix(20).joined(separator: "\n"))")
    }
}
