#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization
import SystemSupport

extension PlaylistStore {
    /// The files of `playback` (after a write returned).
    public func files(playback: String) -> [URL] {
        state.files(playback: playback).map { URL(fileURLWithPath: $0) }
    }

    /// Removes the files of `playback` (call when the playback ends).
    public func remove(playback: String) {
        let paths = state.take(playback: playback)
        for path in paths { unlink(path) }
        state.forget(paths)
    }

    /// Removes every file and the directory, synchronously; later writes fail. Idempotent.
    ///
    /// Call it at exit and when a terminating signal arrives. It takes a lock and calls `unlink`,
    /// so call it from the loop that reads your signal pipe, not from inside a raw `sigaction`
    /// handler. Fatal signals (SIGSEGV …) remove the same paths through ``CrashCleanup``; whatever
    /// SIGKILL leaves behind is removed by the next run (directories are named with the PID).
    public func removeAll() {
        let paths = state.close()
        for path in paths { unlink(path) }
        state.forget(paths)
        let path = directory.path
        if rmdir(path) != 0 && errno != ENOENT {
            try? FileManager.default.removeItem(atPath: path)   // someone put other files there
        }
        CrashCleanup.unregister(path)
    }

    /// Removes `eventplayer-<pid>-*` directories in `parent` owned by this user whose process is
    /// gone (or is this process: a directory with our PID that we have not made yet is a leftover).
    /// Returns what it removed.
    @discardableResult
    public static func removeStaleDirectories(in parent: URL = defaultParent()) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [URL] = []
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { continue }
            let alive = pid != getpid() && (kill(pid, 0) == 0 || errno == EPERM)
            guard !alive else { continue }
            let path = parent.appendingPathComponent(name).path
            guard !madeByThisProcess.contains(path) else { continue }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            if (try? FileManager.default.removeItem(atPath: path)) != nil {
                removed.append(URL(fileURLWithPath: path, isDirectory: true))
            }
        }
        return removed
    }
}

/// The store's bookkeeping behind a lock (synchronous, so ``PlaylistStore/removeAll()`` can run
/// at exit without an async context). Every path it holds is also registered with
/// ``CrashCleanup``, so a fatal signal removes it too.
final class LockedState: Sendable {
    private struct Files {
        var byPlayback: [String: [String]] = [:]
        var closed = false
    }

    private let files = Mutex(Files())

    var isClosed: Bool { files.withLock { $0.closed } }

    func add(_ path: String, playback: String) {
        CrashCleanup.register(file: path)
        files.withLock { $0.byPlayback[playback, default: []].append(path) }
    }

    func replace(_ old: String, with new: String, playback: String) {
        CrashCleanup.register(file: new)
        files.withLock {
            $0.byPlayback[playback, default: []].removeAll { $0 == old }
            $0.byPlayback[playback, default: []].append(new)
        }
        CrashCleanup.unregister(old)
    }

    func remove(path: String) {
        files.withLock { files in
            for key in files.byPlayback.keys { files.byPlayback[key]?.removeAll { $0 == path } }
        }
        CrashCleanup.unregister(path)
    }

    func files(playback: String) -> [String] {
        files.withLock { ($0.byPlayback[playback] ?? []).filter { !$0.contains("/.tmp-") } }
    }

    /// Takes the paths of `playback` away; the caller removes them, then calls ``forget(_:)``.
    func take(playback: String) -> [String] {
        files.withLock { $0.byPlayback.removeValue(forKey: playback) ?? [] }
    }

    func close() -> [String] {
        files.withLock { files in
            files.closed = true
            defer { files.byPlayback = [:] }
            return files.byPlayback.values.flatMap { $0 }
        }
    }

    /// The paths were removed: the crash path no longer needs them.
    func forget(_ paths: [String]) {
        for path in paths { CrashCleanup.unregister(path) }
    }
}

/// A set of paths behind a lock.
final class LockedPaths: Sendable {
    private let paths = Mutex<Set<String>>([])
    func insert(_ path: String) { paths.withLock { _ = $0.insert(path) } }
    func contains(_ path: String) -> Bool { paths.withLock { $0.contains(path) } }
}
