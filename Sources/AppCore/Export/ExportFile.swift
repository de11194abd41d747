import Foundation
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `.part` file an export appends to: opened without following a symbolic link (one planted
/// at the predictable `NAME.part` in a shared directory is an error, its target untouched),
/// refused unless it is a regular file, locked (`flock`, released by the kernel when the process
/// ends) so a second export to the same path says so, cut to the bytes a resume keeps, then
/// appended to piece by piece and synced before it is renamed. For `-o -` the pieces go to
/// standard output instead (``standardOutput()``).
struct ExportFile {
    private let handle: FileHandle?
    let url: URL

    init(part url: URL, keeping bytes: Int) throws {
        self.url = url
        let fd = open(url.path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw ExportError("\(url.path) is a symbolic link: eventplayer does not write through links; remove it and export again")
            }
            throw ExportError("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ExportError("\(url.path) is not a regular file; remove it and export again")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let final = url.deletingPathExtension()
            throw ExportError("\(final.path) is already being exported by another eventplayer", remedy: .busy)
        }
        do {
            try handle.truncate(atOffset: UInt64(bytes))
            try handle.seekToEnd()
        } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
        self.handle = handle
    }

    /// The stream of `-o -`: appends go to standard output (a broken pipe ends the process quietly,
    /// a full disk is one error line: ``StandardStreams``).
    static func standardOutput() -> ExportFile {
        ExportFile(url: URL(filePath: "/dev/stdout"))
    }

    private init(url: URL) {
        self.url = url
        handle = nil
    }

    func append(_ data: Data) throws {
        guard let handle else { return StandardStreams.write([UInt8](data)) }
        do { try handle.write(contentsOf: data) } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Flushes to disk.
    func finish() throws {
        guard let handle else { return }
        do { try handle.synchronize() } catch {
            throw ExportError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    func close() {
        try? handle?.close()
    }
}
