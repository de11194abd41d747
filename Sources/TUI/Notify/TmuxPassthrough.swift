import Foundation
import Synchronization

/// Whether the tmux this program runs in passes escape sequences through to the outer terminal
/// (`allow-passthrough` on or all): `tmux show -gv allow-passthrough`, asked once on a thread of
/// its own (``ask(environment:)``), so that the first screen never waits for tmux. Until tmux has
/// answered (it takes a few milliseconds; at most 2 s are waited), and outside tmux, or when tmux
/// cannot be asked, it is off: a notification then rings the bell.
public final class TmuxPassthrough: Sendable {
    private let answer: Mutex<Bool?>

    /// An answer known already (outside tmux, a bell-only method, tests).
    public init(isOn: Bool) {
        answer = Mutex(isOn)
    }

    private init() {
        answer = Mutex(nil)
    }

    /// Starts asking tmux when the environment says this runs inside it; returns at once.
    public static func ask(environment: [String: String] = ProcessInfo.processInfo.environment) -> TmuxPassthrough {
        guard !(environment["TMUX"] ?? "").isEmpty else { return TmuxPassthrough(isOn: false) }
        let probe = TmuxPassthrough()
        let thread = Thread { probe.answer.withLock { $0 = Self.askTmux() } }
        thread.name = "tmux passthrough"
        thread.start()
        return probe
    }

    /// tmux's answer; false until it has come.
    public var isOn: Bool {
        answer.withLock { $0 ?? false }
    }

    private static func askTmux() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "show", "-gv", "allow-passthrough"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning { process.terminate(); return false }
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return ["on", "all"].contains(answer.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
