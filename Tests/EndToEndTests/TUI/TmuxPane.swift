import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One pane of a private tmux server (`-L <socket>`), driven like a user would: send keys,
/// read the screen with capture-pane, wait (polling, with a generous deadline) for text to appear.
struct TmuxPane: Sendable {
    static let binary = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let binary: String
    let socket: String

    /// Runs a tmux command through the shell (Foundation's Process can hang on the forked server).
    @discardableResult
    func run(_ arguments: [String], output: Bool = false) -> String {
        let quoted = ([binary, "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = quoted.joined(separator: " ") + " 2>/dev/null </dev/null"
        guard output else {
            _ = system(command + " >/dev/null")
            return ""
        }
        guard let stream = popen(command, "r") else { return "" }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, stream)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        pclose(stream)
        return String(decoding: data, as: UTF8.self)
    }

    func keys(_ keys: String...) { run(["send-keys"] + keys) }
    func type(_ text: String) { run(["send-keys", "-l", text]) }
    func capture() -> String { run(["capture-pane", "-p"], output: true) }

    struct Timeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "the screen never showed \(expected):\n\(screen)" }
    }

    /// Waits (polling every 100 ms, up to `seconds`) until `condition` holds for the screen; returns that screen.
    @discardableResult
    func waitUntil(_ expected: String, seconds: Double = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let screen = capture()
            if condition(screen) { return screen }
            usleep(100_000)
        } while Date() < deadline
        throw Timeout(expected: expected, screen: capture())
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 20) throws -> String {
        try waitUntil("\"\(text)\"", seconds: seconds) { $0.contains(text) }
    }
}
