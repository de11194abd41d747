import Foundation
import Testing
@testable import TUI

/// A kitty frame's shared memory object outlives a process killed before the terminal read it
/// (`/dev/shm/eventplayer-PID-N`); the next start of the TUI removes those of dead processes and
/// leaves those of live ones.
@Suite("Shared memory leftovers")
struct SharedMemoryLeftoverTests {
    /// The PID of a process that has exited and been reaped.
    static func deadPID() throws -> pid_t {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { arguments.forEach { free($0) } }
        #expect(posix_spawn(&pid, "/bin/true", nil, nil, arguments, environ) == 0)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)   // /bin/true exits at once: a moment, not a wait on the pool
        #expect(kill(pid, 0) != 0 && errno == ESRCH)
        return pid
    }

    static func make(_ name: String) throws {
        let fd = shm_open("/" + name, O_CREAT | O_EXCL | O_RDWR, 0o600)
        try #require(fd >= 0, "shm_open \(name): errno \(errno)")
        _ = write(fd, [UInt8](repeating: 7, count: 4096), 4096)
        close(fd)
    }

    static func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: "/dev/shm/" + name)
    }

    @Test func objectsOfDeadProcessesAreRemovedAndThoseOfLiveOnesKept() throws {
        let dead = try Self.deadPID()
        let leftover = "eventplayer-\(dead)-\(UInt16.random(in: 1...60_000))"
        let mine = "eventplayer-\(getpid())-\(UInt32.random(in: 100_000...999_999))"
        let parents = "eventplayer-\(getppid())-\(UInt32.random(in: 100_000...999_999))"
        let unrelated = "eventplayer-\(dead)-x-\(UInt16.random(in: 1...60_000))"
        for name in [leftover, mine, parents, unrelated] { try Self.make(name) }
        defer { for name in [leftover, mine, parents, unrelated] { shm_unlink("/" + name) } }

        let removed = SharedMemoryImage.removeLeftovers()
        #expect(removed.contains(leftover))
        #expect(!Self.exists(leftover))
        #expect(Self.exists(mine), "this process's own objects are still being shown")
        #expect(Self.exists(parents), "another live process's objects are its own")
        #expect(Self.exists(unrelated), "a name that is not ours is not touched")
    }
}
