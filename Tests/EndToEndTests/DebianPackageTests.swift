import Foundation
import Testing
import TestSupport

/// The Debian package as a user gets it: `make deb-files` packages a statically linked binary (the
/// debug build linked statically by scripts/static-debug-binary; `make deb` packages the release
/// build the same way), lintian finds no error in either package, `apt-get install` installs both
/// on this machine, and the installed `eventplayer`, started with nothing of the toolchain or the
/// checkout (PATH /usr/bin:/bin, another directory), prints its version, lists the embedded demo's
/// events, and on a crash writes a symbolicated backtrace to its log from the -dbgsym package's
/// debug file. `apt-get remove --purge` then leaves none of its files. It installs into the
/// machine's /usr: the stage runs alone (Makefile, PACKAGE).
@Suite("The Debian package", .serialized, .machineShare)
struct DebianPackageTests {
    @Test(.timeLimit(.minutes(8)))
    func buildLintInstallRunCrashAndRemove() async throws {
        let repo = InstallTests.repo
        let scratch = FileManager.default.temporaryDirectory.appending(path: "ep-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let installed = try await Self.shell("dpkg-query -W -f='${Status}' eventplayer 2>/dev/null || true")
        try #require(!installed.stdout.contains("install ok installed"), "eventplayer is installed on this machine already: remove it first")

        // The package, from the debug build linked statically.
        let binary = scratch.appending(path: "bin/eventplayer")
        let link = try await InstallTests.run(repo.appending(path: "scripts/static-debug-binary").path, [binary.path])
        try #require(link.status == 0, "static-debug-binary: \(link.stderr)")
        let debDir = scratch.appending(path: "deb")
        let make = try await InstallTests.run("/usr/bin/env", ["make", "-C", repo.path, "deb-files", "BIN=\(binary.path)", "DEB_DIR=\(debDir.path)"],
                                              environment: ["DEB_COMPRESSION": "gzip"])
        try #require(make.status == 0, "make deb-files: \(make.stdout)\(make.stderr)")
        // The version lives in one place (ProgramVersion); the binary says it, the package is named by it.
        let said = try await InstallTests.run(binary.path, ["--version"]).stdout
        let version = String(try #require(said.split(separator: " ").last?.split(separator: "\n").first, "\(said)"))
        let package = debDir.appending(path: "eventplayer_\(version)_amd64.deb")
        let dbgsym = debDir.appending(path: "eventplayer-dbgsym_\(version)_amd64.deb")
        try #require(FileManager.default.fileExists(atPath: package.path) && FileManager.default.fileExists(atPath: dbgsym.path),
                     "the version comes from the binary: \(make.stdout)")

        // What is in it, and what it asks for.
        let fields = try await Self.shell("dpkg-deb -f '\(package.path)' Depends Section Installed-Size")
        #expect(fields.stdout.contains("libc6") && fields.stdout.contains("libncursesw6") && fields.stdout.contains("libmpv2")
                && fields.stdout.contains("ffmpeg"), "\(fields.stdout)")
        #expect(!fields.stdout.contains("swift"), "nothing of the toolchain: \(fields.stdout)")
        let contents = try await Self.shell("dpkg-deb -c '\(package.path)' | awk '{print $6}'").stdout
        for path in ["./usr/bin/eventplayer", "./usr/libexec/eventplayer/swift-backtrace", "./usr/share/man/man1/eventplayer.1.gz",
                     "./usr/share/bash-completion/completions/eventplayer", "./usr/share/zsh/vendor-completions/_eventplayer",
                     "./usr/share/fish/vendor_completions.d/eventplayer.fish", "./usr/share/doc/eventplayer/copyright",
                     "./usr/share/doc/eventplayer/config.example.toml", "./usr/share/doc/eventplayer/keymap.conf",
                     "./usr/share/eventplayer/demo/catalog.json"] {
            #expect(contents.split(separator: "\n").contains(Substring(path)), "the package lacks \(path)")
        }
        #expect(!contents.contains("/usr/lib/debug/"), "the debug file is in the -dbgsym package")
        let debugContents = try await Self.shell("dpkg-deb -c '\(dbgsym.path)' | awk '{print $6}'").stdout
        #expect(debugContents.contains("./usr/lib/debug/.build-id/"), "\(debugContents)")

        let lintian = try await Self.shell("lintian --tag-display-limit 0 '\(package.path)' '\(dbgsym.path)' 2>&1")
        let errors = lintian.stdout.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "lintian: \(errors.joined(separator: "\n"))")

        // Installed with apt, as a user would; the paths that were not there before must go with it.
        let files = try await Self.shell("{ dpkg-deb -c '\(package.path)'; dpkg-deb -c '\(dbgsym.path)'; } | awk '{print $6}' | sed 's|^\\.||'")
            .stdout.split(separator: "\n").map(String.init).filter { $0 != "/" && !$0.isEmpty }
            .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        let new = files.filter { !FileManager.default.fileExists(atPath: $0) }
        let install = try await Self.shell("DEBIAN_FRONTEND=noninteractive apt-get install -y -q '\(package.path)' '\(dbgsym.path)' 2>&1")
        defer { Task { _ = try? await Self.shell("DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -q eventplayer eventplayer-dbgsym 2>&1") } }
        try #require(install.status == 0, "apt-get install: \(install.stdout.suffix(1500))")

        let home = scratch.appending(path: "home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // In the home directory (not the checkout), with nothing of the toolchain.
        let clean = "cd '\(home.path)' || exit 1; env -i PATH=/usr/bin:/bin HOME='\(home.path)' SHLVL=1"
        let versionRun = try await Self.shell("\(clean) eventplayer --version")
        #expect(versionRun.stdout == "eventplayer \(version)\n", "\(versionRun.stdout)\(versionRun.stderr)")
        // Every library it loads belongs to a Debian package: nothing from the toolchain.
        let libraries = try await Self.shell("ldd /usr/bin/eventplayer | awk '/=>/ {print $3}'")
            .stdout.split(separator: "\n").map(String.init)
        #expect(!libraries.isEmpty)
        for library in libraries {
            let owner = try await Self.shell("dpkg -S \"$(readlink -f '\(library)')\" 2>/dev/null || dpkg -S '\(library)'")
            #expect(owner.status == 0, "\(library) belongs to no Debian package")
        }
        let events = try await Self.shell("\(clean) eventplayer events --limit 3")
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stdout.hasPrefix("CAMERA") && events.stdout.contains("evt-"), "the embedded demo's events: \(events.stdout)")

        // A crash (SIGSEGV while playing: its log has the second segment; its stdout is a file,
        // written in blocks) writes a backtrace whose frames in eventplayer name their functions.
        let crash = try await Self.shell("""
        \(clean) eventplayer play evt-endlist --video none --no-audio > out 2>&1 & pid=$!; \
        for i in $(seq 300); do grep -qs segment1.ts .local/state/eventplayer/eventplayer.log && break; sleep 0.1; done; \
        kill -SEGV $pid; wait $pid; echo "status=$?"; cat out
        """)
        #expect(crash.stdout.contains("status=139") && crash.stdout.contains("eventplayer: crashed; the backtrace is in"), "\(crash.stdout)")
        let log = (try? String(contentsOf: home.appending(path: ".local/state/eventplayer/eventplayer.log"), encoding: .utf8)) ?? ""
        let frames = log.split(separator: "\n").filter { $0.contains(/0x[0-9a-f]+ .*\S \+ \d+ in eventplayer/) }
        #expect(log.contains("Program crashed") && frames.count >= 3, "symbolicated frames in the log: \(log.suffix(2000))")

        let remove = try await Self.shell("DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -q eventplayer eventplayer-dbgsym 2>&1")
        #expect(remove.status == 0, "\(remove.stdout.suffix(1000))")
        let left = new.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/bin/eventplayer"))
    }

    /// `bash -c script`, off the cooperative pool.
    static func shell(_ script: String) async throws -> InstallTests.Output {
        try await InstallTests.run("/bin/bash", ["-c", script])
    }
}
