import Foundation
import Glibc

/// A file the user may keep (config.toml, keymap.conf): absent, or its bytes, or why it cannot be
/// read. Only a file that is genuinely not there (`ENOENT`, which includes a symbolic link to
/// nothing) counts as absent; a symbolic-link loop, a permission problem, a directory or a FIFO in
/// its place is an ``UnreadableFile`` error, so a broken file is never taken for a missing one.
///
/// ```swift
/// switch Result(catching: { try UserFile.read(path) }) {
/// case .success(nil): useDefaults()
/// case .success(let data?): parse(data)
/// case .failure(let error): print("\(path): \(error.reason)")   // "cannot be read: it is a symbolic link loop"
/// }
/// ```
public enum UserFile {
    /// The file's bytes, or nil when there is no file at `path`. A FIFO (`--config <(…)`) is read
    /// only when `allowsPipe` (a path the user named); in a default location it is refused, so that
    /// nothing blocks before the program starts.
    /// - Throws: ``UnreadableFile`` for anything else that stops the read.
    public static func read(_ path: String, allowsPipe: Bool = false) throws(UnreadableFile) -> Data? {
        // O_NONBLOCK: a FIFO in the file's place must not block the program before it starts; a
        // pipe the user named is opened as they expect, waiting for its writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | (allowsPipe ? 0 : O_NONBLOCK))
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw UnreadableFile(path: path, code: code)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw UnreadableFile(path: path, code: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw UnreadableFile(path: path, code: EISDIR)
        case S_IFIFO where allowsPipe: break
        default: throw UnreadableFile(path: path, code: nil)
        }
        return try readAll(fd, path: path)
    }

    private static func readAll(_ fd: Int32, path: String) throws(UnreadableFile) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                if errno == EINTR { continue }
                throw UnreadableFile(path: path, code: errno)
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// A user file that exists (or seems to) but cannot be read, with a reason a user can act on.
///
/// ```swift
/// print(UnreadableFile(path: "/home/u/.config/eventplayer/config.toml", code: ELOOP).reason)
/// // "cannot be read: it is a symbolic link loop (Too many levels of symbolic links)"
/// ```
public struct UnreadableFile: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as given.
    public let path: String
    /// `errno` of the failing call; nil when the file is neither a regular file nor a directory.
    public let code: Int32?

    /// `code` is nil for a file that is neither a regular file nor a directory.
    public init(path: String, code: Int32?) {
        self.path = path
        self.code = code
    }

    /// Why, without the path: "is a directory, not a file", "cannot be read: permission denied"...
    public var reason: String {
        guard let code else { return "is not a regular file (a FIFO, socket or device is in its place)" }
        let system = String(cString: strerror(code))
        switch code {
        case EISDIR: return "is a directory, not a file"
        case ELOOP: return "cannot be read: it is a symbolic link loop (\(system))"
        case EACCES, EPERM: return "cannot be read: permission denied (check its permissions and those of its folders)"
        case ENOTDIR: return "cannot be read: a folder on its path is a file (\(system))"
        default: return "cannot be read: \(system)"
        }
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
