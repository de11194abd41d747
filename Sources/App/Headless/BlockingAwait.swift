import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT/SIGTERM/SIGHUP turned into a readable byte on a pipe, for loops that poll(2).
/// The handler only calls write(2) (async-signal-safe).
public enum SignalPipe {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// Installs the handlers once and returns the read end.
    public static func install(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) -> Int32 {
        if readEnd >= 0 { return readEnd }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readEnd = fds[0]
        writeEnd = fds[1]
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        return readEnd
    }

    /// Reads what is pending; returns the signal numbers received.
    public static func drain() -> [Int32] {
        var received: [Int32] = []
        var byte: UInt8 = 0
        while readEnd >= 0, read(readEnd, &byte, 1) == 1 { received.append(Int32(byte)) }
        return received
    }
}

/// Runs async work from a thread that may block (never from the cooperative pool).
func blockingAwait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let semaphore = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task {
        do { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
        semaphore.signal()
    }
    semaphore.wait()
    return box.result!
}

/// Handed from the task to the waiting thread; the semaphore orders the accesses.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
