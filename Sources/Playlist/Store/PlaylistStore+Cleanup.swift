#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension PlaylistStore {
    /// The files of `playback` (after a write returned).
    public func files(playback: String) -> [URL] {
        state.files(playback: playback).map { URL(fileURLWithPath: $0) }
    }

    /// Removes the files of `playback` (call when the playback ends).
    public func remove(playback: String) {
        for path in state.take(playback: playback) { unlink(path) }
    }

    /// Removes every file and the directory, synchronously; later writes fail. Idempotent.
    ///
    /// Call it at exit and when a terminating signal arrives. It takes a lock and calls `unlink`,
    /// so call it from the signal's `DispatchSourceSignal` handler or the loop that reads your
    /// signal pipe, not from inside a raw `sigaction` handler. Whatever a crash (SIGKILL) leaves
    /// behind is removed by the next run (directories are named with the PID).
    public func removeAll() {
        for path in state.close() { unlink(path) }
        let path = directory.path
        if rmdir(path) != 0 && errno != ENOENT {
            try? FileManager.default.removeItem(atPath: path)   // someone put other files there
        }
    }

    /// Removes `eventplayer-<pid>-*` directories in `parent` owned by this user whose process is
    /// gone (or is this process: a directory with our PID that we have not made yet is a leftover).
    /// Returns what it removed.
    @discardableResult
    static func removeStaleDirectories(in parent: URL) -> [URL] {
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
/// at exit without an async context).
final class LockedState: @unchecked Sendable {
    private let lock = NSLock()
    private var filesByPlayback: [String: [String]] = [:]
    private var closed = false

    var isClosed: Bool { lock.withLock { closed } }

    func add(_ path: String, playback: String) {
        lock.withLock { filesByPlayback[playback, default: []].append(path) }
    }

    func replace(_ old: String, with new: String, playback: String) {
        lock.withLock {
            filesByPlayback[playback, default: []].removeAll { $0 == old }
            filesByPlayback[playback, default: []].append(new)
        }
    }

    func remove(path: String) {
        lock.withLock { for key in filesByPlayback.keys { filesByPlayback[key]?.removeAll { $0 == path } } }
    }

    func files(playback: String) -> [String] {
        lock.withLock { (filesByPlayback[playback] ?? []).filter { !$0.contains("/.tmp-") } }
    }

    func take(playback: String) -> [String] {
        lock.withLock { filesByPlayback.removeValue(forKey: playback) ?? [] }
    }

    func close() -> [String] {
        lock.withLock {
            closed = true
            defer { filesByPlayback = [:] }
            return filesByPlayback.values.flatMap { $0 }
        }
    }
}

/// A set of paths behind a lock.
final class LockedPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }
}
