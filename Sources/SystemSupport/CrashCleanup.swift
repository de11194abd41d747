import Glibc
import Synchronization

/// Paths the fatal-signal path removes (``Signals/installFatalHandler(crashLog:deadline:)``):
/// registered files are unlinked, then registered directories removed with `rmdir`, from the
/// signal handler (async-signal-safe: the paths are kept as ready C strings). Register private
/// files when they are made and unregister them once removed the normal way.
///
/// ```swift
/// CrashCleanup.register(directory: "/run/user/1000/eventplayer-42-x1y2z3")
/// CrashCleanup.register(file: "/run/user/1000/eventplayer-42-x1y2z3/ab12.m3u8")
/// unlink(path); CrashCleanup.unregister("/run/user/1000/eventplayer-42-x1y2z3/ab12.m3u8")
/// ```
public enum CrashCleanup {
    private enum Kind: UInt8 {
        case file = 1
        case directory = 2
    }

    private static let entries = Mutex<[(path: String, kind: Kind)]>([])
    /// Kind byte, NUL-terminated path, repeated; files first; a 0 byte ends the list.
    private static let published = PublishedBlock()

    /// Removes `path` (a file) on a fatal signal.
    public static func register(file path: String) {
        change { $0.append((path, .file)) }
    }

    /// Removes `path` (an empty directory once the registered files are gone) on a fatal signal.
    public static func register(directory path: String) {
        change { $0.append((path, .directory)) }
    }

    /// Forgets `path` (it was removed, or is no longer private).
    public static func unregister(_ path: String) {
        change { entries in entries.removeAll { $0.path == path } }
    }

    /// The registered paths, files first (tests, diagnostics).
    public static var registered: [String] {
        entries.withLock { entries in entries.sorted { $0.kind.rawValue < $1.kind.rawValue }.map(\.path) }
    }

    private static func change(_ body: (inout [(path: String, kind: Kind)]) -> Void) {
        entries.withLock { entries in
            body(&entries)
            var bytes: [UInt8] = []
            for kind in [Kind.file, .directory] {
                for entry in entries.reversed() where entry.kind == kind {
                    bytes.append(kind.rawValue)
                    bytes += entry.path.utf8.filter { $0 != 0 }
                    bytes.append(0)
                }
            }
            bytes.append(0)
            published.publish(bytes)
        }
    }

    /// Unlinks the files, then removes the directories (async-signal-safe; fatal handler only).
    static func removeAllFromSignalHandler() {
        guard var cursor = published.current()?.assumingMemoryBound(to: UInt8.self) else { return }
        while let kind = Kind(rawValue: cursor.pointee) {
            let path = UnsafeRawPointer(cursor + 1).assumingMemoryBound(to: CChar.self)
            switch kind {
            case .file: _ = unlink(path)
            case .directory: _ = rmdir(path)
            }
            cursor += 2 + strlen(path)
        }
    }
}
