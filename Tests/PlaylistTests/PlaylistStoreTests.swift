import Foundation
import Testing
@testable import Playlist

@Suite("PlaylistStore: private files")
struct PlaylistStoreTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        #expect(lstat(path, &info) == 0)
        return info.st_mode & 0o777
    }

    @Test("0700 directory named with the PID, 0600 files with unpredictable names")
    func permissions() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let store = try PlaylistStore(parent: parent)
        #expect(store.directory.lastPathComponent.hasPrefix("eventplayer-\(getpid())-"))
        #expect(mode(store.directory.path) == 0o700)
        let a = try store.write(Data("#EXTM3U\n".utf8), playback: "p1")
        let b = try store.write(Data("#EXTM3U\n".utf8), playback: "p1")
        #expect(mode(a.path) == 0o600 && mode(b.path) == 0o600)
        #expect(a != b && a.lastPathComponent.count == 32 + 5 && a.pathExtension == "m3u8")
        #expect(try String(contentsOf: a, encoding: .utf8) == "#EXTM3U\n")
        #expect(a.deletingLastPathComponent().standardizedFileURL == store.directory.standardizedFileURL)
        // no temporary files left behind
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names.sorted() == [a.lastPathComponent, b.lastPathComponent].sorted())
    }

    @Test("a playback's files are removed when it ends, everything at exit")
    func cleanup() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let store = try PlaylistStore(parent: parent)
        let a = try store.write(Data("a".utf8), playback: "p1")
        let b = try store.write(playback: "p2") { write in
            try Data("chunk1,".utf8).withUnsafeBytes { try write($0) }
            try Data("chunk2".utf8).withUnsafeBytes { try write($0) }
        }
        #expect(try String(contentsOf: b, encoding: .utf8) == "chunk1,chunk2")
        #expect(store.files(playback: "p1") == [a])
        store.remove(playback: "p1")
        #expect(!FileManager.default.fileExists(atPath: a.path) && FileManager.default.fileExists(atPath: b.path))
        store.removeAll()
        #expect(!FileManager.default.fileExists(atPath: b.path))
        #expect(!FileManager.default.fileExists(atPath: store.directory.path))
        #expect(throws: PlaylistStoreError.self) { try store.write(Data("x".utf8), playback: "p3") }
        store.removeAll()   // idempotent
    }

    @Test("a failed streamed write leaves nothing behind")
    func failedWrite() throws {
        struct Boom: Error {}
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let store = try PlaylistStore(parent: parent)
        #expect(throws: PlaylistStoreError.self) {
            try store.write(playback: "p") { write in
                try Data("partial".utf8).withUnsafeBytes { try write($0) }
                throw Boom()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory.path).isEmpty)
        #expect(store.files(playback: "p").isEmpty)
    }

    @Test("directories of dead processes are removed at start; live ones and others are kept")
    func staleDirectories() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        // A PID that is surely dead: a child that has exited and been reaped.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        let deadPID = child.processIdentifier
        let fm = FileManager.default
        let stale = parent.appendingPathComponent("eventplayer-\(deadPID)-abc123")
        let ours = parent.appendingPathComponent("eventplayer-\(getpid())-old999")   // a leftover with our PID
        let live = parent.appendingPathComponent("eventplayer-1-xyz")                 // init is alive
        let other = parent.appendingPathComponent("something-else-\(deadPID)")
        for directory in [stale, ours, live, other] {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("#EXTM3U\n".utf8).write(to: directory.appendingPathComponent("x.m3u8"))
        }
        let store = try PlaylistStore(parent: parent)
        defer { store.removeAll() }
        #expect(!fm.fileExists(atPath: stale.path) && !fm.fileExists(atPath: ours.path))
        #expect(fm.fileExists(atPath: live.path) && fm.fileExists(atPath: other.path))
        #expect(Set(store.removedStaleDirectories.map(\.lastPathComponent)) == [stale.lastPathComponent, ours.lastPathComponent])
        #expect(fm.fileExists(atPath: store.directory.path))
    }

    @Test("the default parent is $XDG_RUNTIME_DIR when usable, else a temporary directory")
    func defaultParent() {
        let parent = PlaylistStore.defaultParent().path
        if let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], FileManager.default.isWritableFile(atPath: runtime) {
            #expect(parent == runtime)
        } else {
            #expect(parent.hasPrefix("/"))
        }
    }
}
