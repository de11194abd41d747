/// Why the terminal could not be started, with a message the user can act on.
///
/// ```swift
/// do { terminal = try Terminal.start() } catch { print(error) }  // "stdin/stdout is not a terminal; …"
/// ```
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    enum Reason: Sendable {
        case notATerminal
        case unknownTerminalType(String)
        case system(String, Int32)
    }

    let reason: Reason

    init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .notATerminal:
            "stdin/stdout is not a terminal; run eventplayer in a terminal, or use `eventplayer play <id>` / `events` for scripts"
        case .unknownTerminalType(let term):
            "unknown terminal type TERM=\"\(term)\"; set TERM to one your system knows (e.g. xterm-256color)"
        case .system(let call, let errno):
            "\(call) failed (errno \(errno)) while setting up the terminal"
        }
    }
}
