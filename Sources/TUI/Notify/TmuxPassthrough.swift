import Foundation

/// Whether the tmux this program runs in passes escape sequences through to the outer terminal
/// (`allow-passthrough` on or all): asked once, `tmux show -gv allow-passthrough`, with a short
/// wait. Outside tmux, or when tmux cannot be asked, false.
public enum TmuxPassthrough {
    public static func isOn(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard !(environment["TMUX"] ?? "").isEmpty else { return false }
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
