@testable import DemoBackend
import Foundation
import Testing
import TestSupport

/// `make install-files` (the install step of `make install`, without the release build) against the
/// debug binary `make test` built: every file lands under DESTDIR+PREFIX, the generated man page
/// renders with `man -l`, the completions name the subcommands, the installed binary runs and its
/// demo resources are found next to it (not in the checkout), and `make uninstall` removes exactly
/// what was installed.
@Suite("make install-files and make uninstall", .serialized, .machineShare)
struct InstallTests {
    static let prefix = "/opt/eventplayer-install-test"

    /// Every file install puts under PREFIX, besides the demo tree (share/eventplayer/demo/…).
    static let fixedFiles = [
        "bin/eventplayer",
        "share/man/man1/eventplayer.1",
        "share/bash-completion/completions/eventplayer",
        "share/zsh/site-functions/_eventplayer",
        "share/fish/vendor_completions.d/eventplayer.fish",
        "share/doc/eventplayer/config.example.toml",
        "share/doc/eventplayer/keymap.conf",
    ]

    @Test("install puts the binary, man page, completions, example config and demo resources under DESTDIR+PREFIX; uninstall removes them")
    func installAndUninstall() async throws {
        let binary = try Binary()
        let scratch = FileManager.default.temporaryDirectory.appending(path: "ep-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let destdir = scratch.appending(path: "dest")
        let root = URL(filePath: destdir.path + Self.prefix)
        // Somebody else's files in the same prefix: uninstall must leave them.
        let others = ["bin/other-tool", "share/man/man1/other.1", "share/bash-completion/completions/other"]
        for other in others { try write("not eventplayer's", to: root.appending(path: other)) }

        let install = try await Program.run("/usr/bin/env", ["make", "-C", Program.repository.path, "install-files",
                                                          "BIN=\(binary.url.path)", "PREFIX=\(Self.prefix)", "DESTDIR=\(destdir.path)"])
        #expect(install.status == 0, "make install-files failed: \(install.stderr)")

        let demo = Program.repository.appending(path: "Resources")
        let demoFiles = try Self.files(under: demo.appending(path: "demo")).map { "share/eventplayer/demo/\($0)" }
        #expect(demoFiles.contains("share/eventplayer/demo/catalog.json"))
        // The crash helper of the statically linked release build, when the toolchain has one.
        let helper = try await Program.run(Program.repository.appending(path: "scripts/release-flags").path, ["--backtrace-helper", "swift"])
        let helperPath = helper.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let helperFiles = helperPath.isEmpty ? [] : ["libexec/eventplayer/swift-backtrace"]
        // The debug file, named by the binary's build id (and the link to it beside the binary).
        let debugFiles = try await Program.run(Program.repository.appending(path: "scripts/install-files").path,
                                            ["debug-files", root.appending(path: "bin/eventplayer").path])
            .stdout.split(separator: "\n").map(String.init)
        #expect(debugFiles.count == 2 && debugFiles[0].hasPrefix("lib/debug/.build-id/") && debugFiles[1].hasPrefix("bin/.debug/"), "\(debugFiles)")
        let installed = Set(Self.fixedFiles + demoFiles + helperFiles + debugFiles.prefix(1))
        #expect(Set(try Self.files(under: root)) == installed.union(others))
        // Stripped: the debug information is in the debug file only, which the binary names.
        let sections = try await Program.run("/usr/bin/env", ["readelf", "-S", "-W", root.appending(path: "bin/eventplayer").path]).stdout
        #expect(!sections.contains(".debug_info") && !sections.contains(".symtab") && sections.contains(".gnu_debuglink"))
        let debugSections = try await Program.run("/usr/bin/env", ["readelf", "-S", "-W", root.appending(path: debugFiles[0]).path]).stdout
        #expect(debugSections.contains(".debug_info"))
        let link = try await Program.run("/usr/bin/env", ["readelf", "--string-dump=.gnu_debuglink", root.appending(path: "bin/eventplayer").path]).stdout
        #expect(link.contains(URL(filePath: debugFiles[0]).lastPathComponent), "\(link)")
        let sizes = try [binary.url.path, root.appending(path: "bin/eventplayer").path].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
        }
        #expect(sizes[1] < sizes[0], "stripped: \(sizes)")
        for file in demoFiles + ["share/doc/eventplayer/config.example.toml", "share/doc/eventplayer/keymap.conf"] {
            let source = file.hasPrefix("share/doc/") ? demo.appending(path: URL(filePath: file).lastPathComponent)
                : demo.appending(path: String(file.dropFirst("share/eventplayer/".count)))
            #expect(FileManager.default.contentsEqual(atPath: root.appending(path: file).path, andPath: source.path), "\(file) differs")
        }
        #expect(FileManager.default.isExecutableFile(atPath: root.appending(path: "bin/eventplayer").path))
        if !helperPath.isEmpty {
            let installedHelper = root.appending(path: "libexec/eventplayer/swift-backtrace").path
            #expect(FileManager.default.isExecutableFile(atPath: installedHelper))
            // The toolchain's helper, stripped: the same build.
            var ids: [Substring?] = []
            for file in [installedHelper, helperPath] {
                ids.append(try await Program.run("/usr/bin/env", ["readelf", "-n", file]).stdout.split(separator: "\n").first { $0.contains("Build ID") })
            }
            #expect(ids[0] != nil && ids[0] == ids[1], "\(ids)")
        }

        // The man page renders, without groff warnings, and carries the commands and the root discussion.
        let man = try await Program.run("/usr/bin/env", ["man", "--warnings", "-l", "-P", "cat", root.appending(path: "share/man/man1/eventplayer.1").path],
                                     environment: ["MANWIDTH": "100", "LANG": "C.UTF-8"])
        #expect(man.status == 0, "man -l failed: \(man.stderr)")
        #expect(man.stderr.isEmpty, "man -l warns: \(man.stderr)")
        for text in ["EVENTPLAYER(1)", "Browse and watch camera events in the terminal", "demo-server", "export", "login",
                     "FILES", "config.toml", "ENVIRONMENT", "EVENTPLAYER_SERVER", "NO_COLOR", "EXIT STATUS", "130"] {
            #expect(man.stdout.contains(text), "the man page lacks \(text)")
        }

        // Completion scripts, generated by the binary, know the subcommands.
        for script in ["share/bash-completion/completions/eventplayer", "share/zsh/site-functions/_eventplayer",
                       "share/fish/vendor_completions.d/eventplayer.fish"] {
            let text = try String(contentsOf: root.appending(path: script), encoding: .utf8)
            for command in ["demo-server", "export", "events", "play"] {
                #expect(text.contains(command), "\(script) does not complete \(command)")
            }
        }
        #expect(try String(contentsOf: root.appending(path: "share/zsh/site-functions/_eventplayer"), encoding: .utf8)
            .hasPrefix("#compdef eventplayer"))

        // The installed binary runs from outside the checkout and finds its resources next to it
        // (<bin>/../share/eventplayer), with no checkout to fall back on.
        let installedBinary = try Binary(url: root.appending(path: "bin/eventplayer"))
        let help = try await Program.run(installedBinary.url.path, ["--help"], environment: installedBinary.environment,
                                      directory: scratch)
        #expect(help.status == 0)
        #expect(help.stdout.contains("demo-server"))
        let located = try ResourceLocator.locate(configured: nil, environment: [:], executable: installedBinary.url,
                                                 sourceFile: "/nonexistent/Sources/DemoBackend/Resources/ResourceLocator.swift")
        #expect(located.standardizedFileURL.path == root.appending(path: "share/eventplayer").standardizedFileURL.path)
        let serverStatus = try await Self.runDemoServer(installedBinary, resources: located)
        #expect(serverStatus == 0)

        let uninstall = try await Program.run("/usr/bin/env", ["make", "-C", Program.repository.path, "uninstall",
                                                            "PREFIX=\(Self.prefix)", "DESTDIR=\(destdir.path)"])
        #expect(uninstall.status == 0, "make uninstall failed: \(uninstall.stderr)")
        #expect(Set(try Self.files(under: root)) == Set(others))
        for dir in ["share/eventplayer", "share/doc/eventplayer", "libexec/eventplayer"] {
            #expect(!FileManager.default.fileExists(atPath: root.appending(path: dir).path), "\(dir) is left behind")
        }
    }

    /// Starts the installed `demo-server` on a free port with only the installed resources
    /// (EVENTPLAYER_RESOURCES names them), waits for its "listening" line, stops it with SIGTERM and
    /// returns its exit status.
    static func runDemoServer(_ binary: Binary, resources: URL) async throws -> Int32 {
        let (process, stdout) = try binary.start(["demo-server", "--port", "0", "--events", "10"],
                                                 environment: ["EVENTPLAYER_RESOURCES": resources.path])
        let first = try await binary.firstLine(stdout)
        #expect(first.contains("demo backend listening on http://127.0.0.1:"), "demo-server said: \(first)")
        process.terminate()
        _ = await binary.finish(process, stdout)
        return process.terminationStatus
    }

    /// Regular files under `directory`, as paths relative to it.
    static func files(under directory: URL) throws -> [String] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let base = directory.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        return try walker.compactMap { item in
            let url = (item as! URL).standardizedFileURL.resolvingSymlinksInPath()
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { return nil }
            return String(url.path.dropFirst(base.count))
        }
    }

    func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
