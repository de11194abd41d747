import Foundation
import Testing
import TestSupport

/// The Debian package as a user gets it: `make deb-files` packages a statically linked binary (the
/// debug build linked statically by scripts/static-debug-binary; `make deb` packages the release
/// build the same way), lintian finds no error in either package, and `apt-get install` installs
/// both into a throwaway root (scripts/scratch-root: this machine's files through an overlay whose
/// writes go to a scratch directory, with the Swift toolchain and the checkout hidden). There the
/// installed `eventplayer`, started with a clean environment in its home, prints its version, lists
/// the embedded demo's events, loads only libraries of Debian packages, and on a crash writes a
/// symbolicated backtrace to its log from the -dbgsym package's debug file. `apt-get remove --purge`
/// then leaves none of its files. This machine's own /usr is never touched.
@Suite("The Debian package", .serialized, .machineShare)
struct DebianPackageTests {
    @Test(.timeLimit(.minutes(8)))
    func buildLintInstallRunCrashAndRemove() async throws {
        let repo = Program.repository
        let scratch = FileManager.default.temporaryDirectory.appending(path: "ep-deb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let installed = try await Self.shell("dpkg-query -W -f='${Status}' eventplayer 2>/dev/null || true")
        try #require(!installed.stdout.contains("install ok installed"), "eventplayer is installed on this machine already: remove it first")

        // The package, from the debug build linked statically.
        let binary = scratch.appending(path: "bin/eventplayer")
        let link = try await Program.run(repo.appending(path: "scripts/static-debug-binary").path, [binary.path])
        try #require(link.status == 0, "static-debug-binary: \(link.stderr)")
        let debDir = scratch.appending(path: "deb")
        let make = try await Program.run("/usr/bin/env", ["make", "-C", repo.path, "deb-files", "BIN=\(binary.path)", "DEB_DIR=\(debDir.path)"],
                                              environment: ["DEB_COMPRESSION": "gzip"])
        try #require(make.status == 0, "make deb-files: \(make.stdout)\(make.stderr)")
        // The version lives in one place (ProgramVersion); the binary says it, the package is named by it.
        let said = try await Program.run(binary.path, ["--version"]).stdout
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

        // Installed with apt, as a user would, into a throwaway root (this machine's files through an
        // overlay, the toolchain and the checkout hidden: scripts/scratch-root); the paths that were
        // not there before must go with it.
        let root = scratch.appending(path: "root")
        let files = try await Self.shell("{ dpkg-deb -c '\(package.path)'; dpkg-deb -c '\(dbgsym.path)'; } | awk '{print $6}' | sed 's|^\\.||'")
            .stdout.split(separator: "\n").map(String.init).filter { $0 != "/" && !$0.isEmpty }
            .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        // The root is made on the first call; its /tmp is where the test hands it files.
        let made = try await Self.inRoot(root, "true")
        try #require(made.status == 0, "scripts/scratch-root could not make a throwaway root: \(made.stderr)")
        let inside = root.appending(path: "tmp")
        try files.joined(separator: "\n").write(to: inside.appending(path: "files"), atomically: true, encoding: .utf8)
        for deb in [package, dbgsym] {
            try FileManager.default.copyItem(at: deb, to: inside.appending(path: deb.lastPathComponent))
        }
        let new = try await Self.inRoot(root, #"while read -r f; do [ -e "$f" ] || echo "$f"; done < /tmp/files"#)
            .stdout.split(separator: "\n").map(String.init)
        #expect(new.contains("/usr/bin/eventplayer"), "\(new)")
        let install = try await Self.inRoot(root, """
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q '/tmp/\(package.lastPathComponent)' '/tmp/\(dbgsym.lastPathComponent)' 2>&1
        """)
        try #require(install.status == 0, "apt-get install: \(install.stdout.suffix(1500))")
        #expect(!FileManager.default.fileExists(atPath: "/usr/bin/eventplayer"), "installed into the scratch root, not this machine")

        // In its home (not the checkout), with nothing of the toolchain: the root has no /opt/swift.
        let noToolchain = try await Self.inRoot(root, "cd; command -v swift swiftc; ls /opt/swift")
        #expect(noToolchain.stdout.isEmpty && noToolchain.status != 0, "the toolchain is hidden: \(noToolchain.stdout)")
        let versionRun = try await Self.inRoot(root, "cd; eventplayer --version")
        #expect(versionRun.stdout == "eventplayer \(version)\n", "\(versionRun.stdout)\(versionRun.stderr)")
        // Every library it loads belongs to a Debian package.
        let libraries = try await Self.inRoot(root, "ldd /usr/bin/eventplayer | awk '/=>/ {print $3}'")
            .stdout.split(separator: "\n").map(String.init)
        #expect(!libraries.isEmpty)
        let owners = try await Self.inRoot(root, libraries.map { #"dpkg -S "$(readlink -f '\#($0)')" >/dev/null 2>&1 || dpkg -S '\#($0)' >/dev/null 2>&1 || echo '\#($0)'"# }
            .joined(separator: "; "))
        #expect(owners.stdout.isEmpty, "libraries that belong to no Debian package: \(owners.stdout)")
        let events = try await Self.inRoot(root, "cd; eventplayer events --limit 3")
        #expect(events.status == 0, "\(events.stderr)")
        #expect(events.stdout.hasPrefix("CAMERA") && events.stdout.contains("evt-"), "the embedded demo's events: \(events.stdout)")

        // Times in named zones with the ICU data the release link keeps (scripts/icu-data): the
        // list's start time of the newest event is what `date` says of its instant in that zone
        // (New York; Kathmandu at +5:45; Lord Howe, whose summer time is half an hour). The table is
        // read before and after the JSON: a minute may turn between the runs.
        for zone in ["America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"] {
            let times = try await Self.inRoot(root, """
            cd; export TZ=\(zone); shown() { eventplayer events --limit 1 | sed -n 2p | grep -o '[0-9][0-9]:[0-9][0-9]' | head -1; }; \
            before=$(shown); iso=$(eventplayer events --limit 1 --json | grep -o '"startTime" *: *"[^"]*"' | head -1 | cut -d'"' -f4); \
            after=$(shown); echo "$(date -d "$iso" +%H:%M) $before $after"
            """)
            let fields = times.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(fields.count == 3 && fields[1...].contains(fields[0]), "\(zone): date, then the list before and after: \(times.stdout)\(times.stderr)")
        }

        // A crash (SIGSEGV while playing: its log has the second segment; its stdout is a file,
        // written in blocks) writes a backtrace whose frames in eventplayer name their functions.
        let crash = try await Self.inRoot(root, """
        cd; eventplayer play evt-endlist --video none --no-audio > out 2>&1 & pid=$!; \
        for i in $(seq 300); do grep -qs segment1.ts .local/state/eventplayer/eventplayer.log && break; sleep 0.1; done; \
        kill -SEGV $pid; wait $pid; echo "status=$?"; cat out
        """)
        #expect(crash.stdout.contains("status=139") && crash.stdout.contains("eventplayer: crashed; the backtrace is in"), "\(crash.stdout)")
        let logFile = inside.appending(path: "home/.local/state/eventplayer/eventplayer.log")
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let frames = log.split(separator: "\n").filter { $0.contains(/0x[0-9a-f]+ .*\S \+ \d+ in eventplayer/) }
        #expect(log.contains("Program crashed") && frames.count >= 3, "symbolicated frames in the log: \(log.suffix(2000))")
        #expect(log.contains("omitted)"), "our settings (images=mentioned), not the backtracer's defaults (every image)")

        // The same with an environment that has no variable to borrow a slot from (`env -i`): the
        // statically linked runtime still gets our settings (the executable's first constructor),
        // without an exec.
        try? FileManager.default.removeItem(at: logFile)
        let bare = try await Self.inRoot(root, """
        cd; env -i HOME="$HOME" /usr/bin/eventplayer play evt-endlist --video none --no-audio > out 2>&1 & pid=$!; \
        for i in $(seq 300); do grep -qs segment1.ts .local/state/eventplayer/eventplayer.log && break; sleep 0.1; done; \
        tr '\\0' '\\n' < /proc/$pid/environ | grep -c '^SWIFT_BACKTRACE=' || true; \
        kill -SEGV $pid; wait $pid; echo "status=$?"
        """)
        #expect(bare.stdout.hasPrefix("0\n") && bare.stdout.contains("status=139"), "started once (its initial environment has no SWIFT_BACKTRACE): \(bare.stdout)")
        let bareLog = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        let bareFrames = bareLog.split(separator: "\n").filter { $0.contains(/0x[0-9a-f]+ .*\S \+ \d+ in eventplayer/) }
        #expect(bareFrames.count >= 3 && bareLog.contains("omitted)") && !bareLog.contains("Registers"),
                "our settings without a slot: \(bareLog.suffix(2000))")

        let remove = try await Self.inRoot(root, "DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -q eventplayer eventplayer-dbgsym 2>&1")
        #expect(remove.status == 0, "\(remove.stdout.suffix(1000))")
        try new.joined(separator: "\n").write(to: inside.appending(path: "new"), atomically: true, encoding: .utf8)
        let left = try await Self.inRoot(root, #"while read -r f; do [ -e "$f" ] && echo "$f"; done < /tmp/new; true"#).stdout
        #expect(left.isEmpty, "left behind: \(left)")
    }

    /// `script` run by bash in the throwaway root `root` (scripts/scratch-root).
    static func inRoot(_ root: URL, _ script: String) async throws -> Program.Output {
        try await Program.run(Program.repository.appending(path: "scripts/scratch-root").path, [root.path, "/bin/bash", "-c", script])
    }

    /// `bash -c script`, off the cooperative pool.
    static func shell(_ script: String) async throws -> Program.Output {
        try await Program.run("/bin/bash", ["-c", script])
    }
}
