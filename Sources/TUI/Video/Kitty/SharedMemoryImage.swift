import Foundation

/// A POSIX shared memory object holding one image's bytes, for the kitty graphics protocol's
/// `t=s` transmission: the escape sequence carries only the object's name, the terminal reads the
/// pixels from memory and unlinks the object. Only a terminal on this machine can; the probe asks
/// (``GraphicsProbe``) before frames use it.
///
/// Names are `/eventplayer-<pid>-<n>`, created exclusively with mode 0600 (nobody else can read
/// or replace them). While the terminal has not read an object it still exists
/// (``isWaiting``): the next frame is dropped then, so frames never pile up in memory. What the
/// terminal never took is unlinked by ``unlink()`` (``KittyPaneEncoder`` does so on every
/// forget, erase and exit).
///
/// ```swift
/// let image = try SharedMemoryImage(bytes: rgb)
/// out += "…,t=s,S=\(rgb.count);" + base64(image.name)
/// if image.isWaiting { /* the terminal is behind: drop */ }
/// ```
struct SharedMemoryImage {
    /// The object's name (with its leading slash), as the escape sequence carries it.
    let name: String

    /// Objects made by this process so far (names stay unique).
    nonisolated(unsafe) private static var made = 0

    /// Creates an object holding `bytes`. Throws the errno when shared memory cannot be used.
    init(bytes: [UInt8]) throws(SharedMemoryError) {
        name = try bytes.withUnsafeBytes { Self.make($0) }.get()
    }

    private static func make(_ bytes: UnsafeRawBufferPointer) -> Result<String, SharedMemoryError> {
        made += 1
        let name = "/eventplayer-\(getpid())-\(made)"
        let fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .failure(SharedMemoryError(errno: errno)) }
        defer { close(fd) }
        var written = 0
        while written < bytes.count {
            let n = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n > 0 { written += n; continue }
            if n < 0, errno == EINTR { continue }
            let error = n < 0 ? errno : ENOSPC
            shm_unlink(name)
            return .failure(SharedMemoryError(errno: error))
        }
        return .success(name)
    }

    /// The name in base64, the payload of a `t=s` command.
    var payload: [UInt8] { Array(Data(name.utf8).base64EncodedData()) }

    /// True while the object exists: the terminal has not read it yet.
    var isWaiting: Bool {
        let fd = shm_open(name, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    /// Removes the object if the terminal has not (harmless when it has).
    func unlink() { shm_unlink(name) }

    /// The name prefix of every object (`/dev/shm/eventplayer-<pid>-<n>`).
    static let prefix = "eventplayer-"

    /// Removes the objects of this user's processes that are gone: a process killed (SIGKILL, a
    /// crash past the fatal handler) while the terminal had not read its last frame leaves one
    /// behind for good. Objects of live processes (another eventplayer, this one) stay. Returns the
    /// names removed. The terminal starts it (``Terminal``), so every start of the TUI cleans up.
    @discardableResult
    static func removeLeftovers(in directory: String = "/dev/shm") -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(prefix) {
            let fields = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0, Int(fields[1]) != nil else { continue }
            let alive = pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
            guard !alive else { continue }
            var info = stat()
            guard lstat(directory + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            if directory == "/dev/shm" ? shm_unlink("/" + name) == 0 : Foundation.unlink(directory + "/" + name) == 0 {
                removed.append(name)
            }
        }
        return removed
    }
}

/// Shared memory could not be used (no `/dev/shm`, out of memory).
struct SharedMemoryError: Error, Hashable {
    let errno: Int32
}
