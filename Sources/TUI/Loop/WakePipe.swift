#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe that wakes the UI loop from any thread or task: `wake()` writes a byte, the loop drains it
/// and reports ``UIEvent/wake(_:)`` with the name it was registered under.
///
/// ```swift
/// let appWake = try WakePipe()
/// loop.addWakePipe(appWake, name: "app")
/// Task { let page = try await api.events(); inbox.append(page); appWake.wake() }
/// ```
public final class WakePipe: Sendable {
    public let readFD: Int32
    public let writeFD: Int32

    public init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw TerminalError(.system("pipe", errno)) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    /// Wakes the loop (async-signal-safe; a full pipe already means "awake").
    public func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe (the loop does this before reporting the wake).
    public func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readFD, &buffer, buffer.count) > 0 {}
    }

    deinit {
        close(readFD)
        close(writeFD)
    }
}
