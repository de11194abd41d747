import Foundation
import Testing
import TestSupport

/// The system packages by purpose (scripts/install-deps, each list once): `make run` and
/// `make install` ask for what building and running need, and none of what only the tests or the
/// benchmarks use (an X server, graphical terminals, tmux); each purpose includes the one before.
@Suite("Dependencies by purpose")
struct DependencyPurposeTests {
    static let script = Program.repository.appending(path: "scripts/install-deps").path
    /// Packages that only the tests or the benchmarks use.
    static let notForRunning = ["xvfb", "xterm", "kitty", "x11-apps", "xdotool", "tmux", "mpv", "libsixel-dev", "libchafa0", "jq", "man-db"]

    static func list(_ purpose: String) async throws -> [String] {
        let result = try await Program.run(Self.script, ["--list", purpose])
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func runningNeedsNoneOfTheTestsPackagesAndEachPurposeAddsToTheOneBefore() async throws {
        let run = try await Self.list("run")
        let package = try await Self.list("package")
        let test = try await Self.list("test")
        let bench = try await Self.list("bench")
        #expect(run.contains("libmpv-dev") && run.contains("ffmpeg"), "\(run)")
        #expect(Set(run).isDisjoint(with: Self.notForRunning), "make run installs only what running needs: \(run)")
        #expect(Set(run).isSubset(of: Set(package)) && Set(package).isSubset(of: Set(test)) && Set(test).isSubset(of: Set(bench)))
        #expect(package.contains("dpkg-dev") && package.contains("lintian") && !run.contains("lintian"))
        #expect(test.contains("xvfb") && test.contains("tmux") && bench.contains("libchafa0"))
    }

    /// What each make target asks for, read from make's own plan (`make -n`): nothing is built.
    @Test func makeRunAndInstallAskForRunningsPackagesTheTestsForTheirs() async throws {
        for (target, purpose) in [("run", "run"), ("install", "run"), ("deb", "package"), ("test", "test"), ("bench-tui", "bench")] {
            let plan = try await Program.run("/usr/bin/env", ["make", "-n", "-C", Program.repository.path, target])
            let asked = plan.stdout.split(separator: "\n").filter { $0.contains("scripts/install-deps") }
            #expect(asked.contains { $0.hasSuffix("install-deps \(purpose)") }, "make \(target): \(asked)")
            // make bench-tui and make deb build the release first, which asks for running's packages.
            #expect(!asked.contains { !$0.hasSuffix("install-deps \(purpose)") && !(["bench", "package"].contains(purpose) && $0.hasSuffix("install-deps run")) },
                    "make \(target) asks for no other purpose: \(asked)")
        }
    }
}
