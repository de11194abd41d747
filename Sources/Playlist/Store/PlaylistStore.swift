#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SystemSupport

/// Private files for rewritten playlists (docs/playback.md): one `0700` directory per process,
/// `eventplayer-<pid>-XXXXXX` under `$XDG_RUNTIME_DIR` (else `$TMPDIR`, else `/tmp`), made with
/// `mkdtemp`; `0600` files with random names, written atomically (temporary file + `rename`).
///
/// At start, directories of earlier runs whose process is gone are removed. Files are grouped by
/// playback: ``remove(playback:)`` when a playback ends, ``removeAll()`` at exit; the directory and
/// every file are registered with SystemSupport's `CrashCleanup`, so a fatal signal removes them too.
///
/// ```swift
/// let store = try PlaylistStore()
/// let file = try store.write(Data("#EXTM3U\n".utf8), playback: "p1")
/// store.remove(playback: "p1")
/// store.removeAll()   // at exit, also from a signal handler's dispatch source (see removeAll)
/// ```
public final class PlaylistStore: Sendable {
    /// The private directory.
    public let directory: URL
    /// Stale directories removed when this store was made.
    public let removedStaleDirectories: [URL]
    let state = LockedState()

    static let prefix = "eventplayer-"
    /// Directories made by stores of this process (never stale while it runs).
    static let madeByThisProcess = LockedPaths()

    /// Makes the private directory under `parent` (default: `$XDG_RUNTIME_DIR`, `$TMPDIR`, `/tmp`),
    /// after removing stale ones of dead processes there.
    public init(parent: URL? = nil) throws(PlaylistStoreError) {
        let parent = parent ?? Self.defaultParent()
        removedStaleDirectories = Self.removeStaleDirectories(in: parent)
        var template = Array("\(parent.path)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw PlaylistStoreError("cannot create a private directory in \(parent.path): \(String(cString: strerror(errno)))")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        chmod(path, 0o700)
        Self.madeByThisProcess.insert(path)
        CrashCleanup.register(directory: path)
        directory = URL(fileURLWithPath: path, isDirectory: true)
    }

    deinit { removeAll() }

    /// `$XDG_RUNTIME_DIR`, else `$TMPDIR`, else `/tmp`: where private directories are made.
    public static func defaultParent() -> URL {
        let environment = ProcessInfo.processInfo.environment
        for key in ["XDG_RUNTIME_DIR", "TMPDIR"] {
            if let value = environment[key], value.hasPrefix("/") {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue,
                   access(value, W_OK | X_OK) == 0 {
                    return URL(fileURLWithPath: value, isDirectory: true)
                }
            }
        }
        return URL(fileURLWithPath: "/tmp", isDirectory: true)
    }

    /// Writes `bytes` to a new private file of `playback`; returns its URL (`file://…/<random>.m3u8`).
    public func write(_ bytes: some ContiguousBytes, playback: String) throws(PlaylistStoreError) -> URL {
        try write(playback: playback) { write in try bytes.withUnsafeBytes { try write($0) } }
    }

    /// Streams a new private file of `playback`: `produce` calls `write` with each chunk.
    /// The file appears under its final name only when `produce` returns.
    public func write(
        playback: String, _ produce: (_ write: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws(PlaylistStoreError) -> URL {
        guard !state.isClosed else { throw PlaylistStoreError("the playlist store was already removed (the app is exiting)") }
        let name = Self.randomName()
        let temporary = directory.appendingPathComponent(".tmp-" + name).path
        let final = directory.appendingPathComponent(name + ".m3u8").path
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw PlaylistStoreError("cannot create \(temporary): \(String(cString: strerror(errno)))") }
        state.add(temporary, playback: playback)
        fchmod(fd, 0o600)
        var failure: PlaylistStoreError?
        do {
            try produce { chunk in try Self.writeAll(fd, chunk, path: temporary) }
        } catch {
            failure = error as? PlaylistStoreError ?? PlaylistStoreError("cannot write \(temporary): \(error)", underlying: error)
        }
        close(fd)
        if failure == nil && rename(temporary, final) != 0 {
            failure = PlaylistStoreError("cannot rename \(temporary): \(String(cString: strerror(errno)))")
        }
        if let failure {
            unlink(temporary)
            state.remove(path: temporary)
            throw failure
        }
        state.replace(temporary, with: final, playback: playback)
        return URL(fileURLWithPath: final)
    }

    static func writeAll(_ fd: Int32, _ chunk: UnsafeRawBufferPointer, path: String) throws {
        var offset = 0
        while offset < chunk.count {
            let n = posixWrite(fd, chunk.baseAddress! + offset, chunk.count - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw PlaylistStoreError("cannot write \(path): \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    static func randomName() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let value = generator.next() as UInt64
            let hex = String(value, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
