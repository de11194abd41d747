import Glibc

/// A non-blocking, close-on-exec pipe that wakes a ``Poller`` loop from another thread, a C callback
/// or a signal handler: ``wake(_:)`` writes one byte (async-signal-safe), the loop polls ``readFD``
/// and ``drain()``s the bytes. The bytes can carry a value: the signal relay writes signal numbers.
///
/// ```swift
/// let pipe = try SelfPipe()
/// Task { await work(); pipe.wake() }
/// _ = try Poller.wait(for: [.readable(pipe.readFD)], until: nil)
/// let bytes = pipe.drain()          // [1]
/// ```
public final class SelfPipe: Sendable {
    /// The end to poll for reading (non-blocking).
    public let readFD: Int32
    /// The end to write to (non-blocking; a full pipe already means "awake"). For C callbacks
    /// that cannot hold a Swift reference, e.g. mpv's wakeup callback.
    public let writeFD: Int32

    public init() throws(SystemCallError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw SystemCallError("pipe") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Writes `byte` (async-signal-safe, never blocks; dropped when the pipe is full).
    public func wake(_ byte: UInt8 = 1) {
        Self.write(byte, to: writeFD)
    }

    /// Reads every pending byte, in order (returns at once when there are none).
    @discardableResult
    public func drain() -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let n = read(readFD, &buffer, buffer.count)
            if n > 0 {
                out += buffer[0..<n]
            } else if n < 0, errno == EINTR {
                continue
            } else {
                return out
            }
        }
    }

    /// Writes `byte` to `fd`, preserving `errno` (for signal handlers and C callbacks).
    public static func write(_ byte: UInt8, to fd: Int32) {
        let saved = errno
        var value = byte
        _ = Glibc.write(fd, &value, 1)
        errno = saved
    }
}
