import Foundation
import Glibc

/// Configures Swift's crash backtracer for this program: never interactive (no "Press space to
/// interact" while the terminal is ours), no colours, written to stderr, which the fatal handler
/// points at the log (``Signals/installFatalHandler(crashLog:deadline:)``), and not symbolicated:
/// symbolicating a debug build took 3–4 s here, longer than the fatal handler's 1 s deadline, while
/// raw addresses with the images they fall in take under 0.1 s and can be symbolicated later
/// (`addr2line -f -C -e <image> <address − image base>`).
///
/// Only needed when a crash could stop at the backtracer's prompt (``promptPossible(stdin:stdout:)``:
/// a terminal on both ends); in a pipeline its defaults are harmless.
///
/// The runtime reads `SWIFT_BACKTRACE` once, when the process starts, and offers no API to change
/// it later; so the only reliable way is to set the variable and re-exec the same binary
/// (the file `/proc/self/exe` points at, same arguments, same PID) before anything else runs. That costs one exec at
/// start-up and only when the variable lacks our settings; keys the user set are kept, except
/// `interactive`, which is always `no`.
///
/// ```swift
/// static func main() async {
///     Backtracer.configureOrReexec()     // returns when the settings are in place (or exec failed)
///     …
/// }
/// ```
public enum Backtracer {
    /// The settings this program needs (`interactive` always wins over the user's value).
    public static let required: [(key: String, value: String)] = [
        ("interactive", "no"), ("color", "no"), ("output-to", "stderr"),
        ("symbolicate", "no"), ("images", "mentioned"), ("registers", "none"),
    ]

    /// `current` (a `SWIFT_BACKTRACE` value) with our settings added; equal to `current` when nothing was missing.
    public static func settings(adding current: String?) -> String {
        var pairs = (current ?? "").split(separator: ",").map { pair -> (key: String, value: String) in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0].trimmingCharacters(in: .whitespaces), parts.count > 1 ? parts[1] : "")
        }
        for (key, value) in required {
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                if key == "interactive" { pairs[index].value = value }
            } else {
                pairs.append((key, value))
            }
        }
        return pairs.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// True when the backtracer's default (`interactive=tty`) would stop a crash at its "Press
    /// space to interact" prompt: stdin and stdout are both terminals. Otherwise the defaults do
    /// no harm (no prompt, no colour when not a terminal, written to stderr) and the re-exec can be
    /// skipped; only their full symbolication takes longer.
    public static func promptPossible(stdin: Int32 = 0, stdout: Int32 = 1) -> Bool {
        isatty(stdin) == 1 && isatty(stdout) == 1
    }

    /// Sets `SWIFT_BACKTRACE` and re-execs this binary when the settings are missing; returns when
    /// they are in place (or when exec is impossible: crashes then keep the runtime's defaults).
    public static func configureOrReexec() {
        let current = getenv("SWIFT_BACKTRACE").map { String(cString: $0) }
        let wanted = settings(adding: current)
        guard wanted != current else { return }
        setenv("SWIFT_BACKTRACE", wanted, 1)
        // The binary's own path, not /proc/self/exe: the process name (`ps`, `top`, `pgrep -x`)
        // comes from the file exec'd, and would read "exe".
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        _ = execv(path, CommandLine.unsafeArgv)
        _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
    }
}
