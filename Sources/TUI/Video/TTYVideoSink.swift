import Foundation
import SystemSupport

/// The controlling terminal opened a second time, non-blocking (its own open file description,
/// so ncurses' stdout stays blocking): a frame the terminal cannot take now is noticed, not
/// waited for.
final class TTYVideoSink: VideoSink {
    let fd: Int32

    /// Opens the terminal behind stdout; nil when stdout is not a terminal.
    init?(terminalOf descriptor: Int32 = 1) {
        guard isatty(descriptor) == 1, let name = ttyname(descriptor) else { return nil }
        let fd = open(name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.fd = fd
    }

    deinit { close(fd) }

    func write(_ bytes: UnsafeRawBufferPointer) -> Int {
        var written = 0
        while written < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + written, bytes.count - written)
            if n > 0 { written += n; continue }
            if n < 0, errno == EINTR { continue }
            break   // EAGAIN: the terminal is full
        }
        return written
    }

    var backlog: Int {
        var queued: Int32 = 0
        return ioctl(fd, UInt(TIOCOUTQ), &queued) == 0 ? Int(queued) : 0
    }

    func waitWritable(until deadline: ContinuousClock.Instant) {
        _ = try? Poller.wait(for: [.writable(fd)], until: deadline)
    }
}
