import Foundation
import Glibc

/// One pane of a private tmux server (`-L <socket>`), driven as a user would: start a command at a
/// size with an environment, send keys, read the screen with `capture-pane` (with or without
/// escape sequences), wait for a condition, kill the server.
///
/// Every call runs a tmux client and waits for it, and the waits poll with `usleep`: drive the pane
/// from ``offPool(_:)`` (a thread of its own), never from the cooperative pool.
///
/// ```swift
/// let pane = try Tmux(socket: "ep-\(getpid())")
/// defer { pane.kill() }
/// pane.start(columns: 80, rows: 24, environment: ["HOME": home], command: "'\(binary)' --video none")
/// try await Tmux.offPool {
///     try pane.waitFor(" loaded")
///     pane.keys("j", "Enter")
///     try pane.waitUntil("playing") { $0.contains("▶ Playing") }
/// }
/// ```
public struct Tmux: Sendable {
    /// The tmux binary, if installed (tests are disabled without it).
    public static let binary = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    public let binary: String
    public let socket: String

    /// tmux is not installed.
    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String { "tmux is not installed" }
    }

    public init(socket: String) throws {
        guard let binary = Self.binary else { throw Unavailable() }
        self.binary = binary
        self.socket = socket
    }

    /// Starts a detached session of `columns`×`rows` running `command` through `sh -c`, with
    /// `environment` added to the pane's environment (`new-session -e`).
    public func start(columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], command: String) {
        let env = environment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"] + env + ["sh", "-c", command])
    }

    /// Runs a tmux command through the shell (Foundation's Process can hang on the forked server);
    /// output is read only when asked, since the server started by new-session keeps inherited fds.
    @discardableResult
    public func run(_ arguments: [String], output: Bool = false) -> String {
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

    /// Sends keys by tmux name (`Enter`, `C-z`, `j`), one after another.
    public func keys(_ keys: String...) { run(["send-keys"] + keys) }

    /// Types `text` literally.
    public func type(_ text: String) { run(["send-keys", "-l", text]) }

    /// The visible screen; with `escapes`, including colour and attribute sequences (`-e`).
    public func capture(escapes: Bool = false) -> String {
        run(["capture-pane", "-p"] + (escapes ? ["-e"] : []), output: true)
    }

    /// Resizes the window.
    public func resize(columns: Int, rows: Int) {
        run(["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Kills the private server and everything running in it.
    public func kill() { run(["kill-server"]) }
}
