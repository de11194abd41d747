import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files only the user can read: parent directory 0700, file 0600, atomically
/// (a temporary file in the same directory, fsync, rename).
public enum PrivateFile {
    /// Creates `directory` (and parents) with mode 0700 and tightens it if it exists.
    public static func makeDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        chmod(directory.path, 0o700)
    }

    /// Atomically replaces `url` with `data`, mode 0600.
    /// - Throws: `POSIXError` with the failing call's errno (CocoaError when the directory cannot be made).
    public static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try makeDirectory(directory)
        var template = Array(directory.appending(path: ".\(url.lastPathComponent).XXXXXX").path.utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EACCES) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: Int32 = 0
        var ok = fchmod(fd, 0o600) == 0
        ok = ok && data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        if !ok { failure = errno }
        close(fd)
        if ok && rename(temporary, url.path) != 0 { ok = false; failure = errno }
        guard ok else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }
}
