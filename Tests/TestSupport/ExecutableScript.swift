import Foundation

/// Writes a stand-in program (a shell script) that a test then runs.
///
/// The file is written through a descriptor opened with `O_CLOEXEC`: the tests fork children
/// all the time (tmux, the binary, ffmpeg), and a child forked while a plain descriptor was open
/// keeps the file open for writing past its `exec`, so running the script fails with "Text file
/// busy" (ETXTBSY). Foundation's `String.write(to:)` does not set the flag.
///
/// ```swift
/// try ExecutableScript.write("#!/bin/sh\nexec sleep 40\n", to: dir.appending(path: "ffmpeg"))
/// ```
public enum ExecutableScript {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func write(_ text: String, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw Failure(description: "cannot create \(url.path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "cannot write \(url.path): \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
        // The mode given to open() is masked by the umask.
        guard fchmod(fd, 0o755) == 0 else { throw Failure(description: "cannot chmod \(url.path): \(String(cString: strerror(errno)))") }
    }
}
