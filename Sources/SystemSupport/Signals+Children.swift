import Glibc

/// The fatal path's scratch memory: the crashing thread's `children` file path (bytes 0..<128)
/// and that file's contents (128..<4096). Only the thread handling the crash (and then the
/// watchdog, which ends the process) touches it, so it needs no lock.
// reason: allocated once at start-up (touched by `installFatalHandler`); written only on the fatal path.
nonisolated(unsafe) private let childScan: UnsafeMutablePointer<CChar> = {
    let memory = UnsafeMutablePointer<CChar>.allocate(capacity: 4096)
    memory.initialize(repeating: 0, count: 4096)
    return memory
}()

extension Signals {
    /// Makes the scratch memory exist before any handler can run.
    static func touchChildScan() { _ = childScan }

    /// On the crashing thread, before Swift's backtracer is spawned from it: remembers where
    /// that thread's child processes are listed (`/proc/<pid>/task/<tid>/children`).
    /// Async-signal-safe (readlink only).
    static func rememberCrashingThread() {
        let length = readlink("/proc/thread-self", childScan + 6, 100)   // "<pid>/task/<tid>"
        guard length > 0 else { return }
        copy("/proc/", to: childScan, terminated: false)
        copy("/children", to: childScan + 6 + length, terminated: true)
    }

    /// Copies a literal's bytes, and a NUL when `terminated` (static memory: no allocation in a
    /// signal handler).
    private static func copy(_ text: StaticString, to destination: UnsafeMutablePointer<CChar>, terminated: Bool) {
        let bytes = text.utf8Start
        for index in 0..<text.utf8CodeUnitCount { destination[index] = CChar(bitPattern: bytes[index]) }
        if terminated { destination[text.utf8CodeUnitCount] = 0 }
    }

    /// SIGKILLs the child processes of the crashing thread: Swift's backtracer when the watchdog
    /// ends the process before it finished. Left alone, it outlived the crash blocked on a socket
    /// to the dead process, holding the terminal (or a caller's pipe) open forever.
    /// Async-signal-safe (open, read, kill).
    static func killCrashingThreadsChildren() {
        guard childScan[0] != 0 else { return }
        let fd = open(childScan, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        let list = childScan + 128
        let count = read(fd, list, 4096 - 129)
        _ = close(fd)
        guard count > 0 else { return }
        var pid: pid_t = 0
        for index in 0...count {
            let byte = index < count ? UInt8(bitPattern: list[index]) : UInt8(ascii: " ")
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                pid = pid * 10 + pid_t(byte - UInt8(ascii: "0"))
            } else {
                if pid > 1 { _ = kill(pid, SIGKILL) }
                pid = 0
            }
        }
    }
}
