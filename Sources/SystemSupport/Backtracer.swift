import CBacktraceSettings
import Foundation
import Glibc

/// Configures Swift's crash backtracer for this program: never interactive (no "Press space to
/// interact" while the terminal is ours), no colours, written to stderr, which the fatal handler
/// points at the log (``Signals/installFatalHandler(crashLog:deadline:)``), and symbolicated
/// (the frames name functions; they have shown no files and lines, though the debug information
/// has line tables, which addr2line reads): the installed binary is stripped and its debug
/// information is a separate file (`lib/debug/.build-id/…`, the `eventplayer-dbgsym` package),
/// which the backtracer finds by the binary's build id or debug link; about 2 s for a release
/// build, within the fatal handler's 10 s. Without the debug file the frames in eventplayer are
/// addresses with the image they fall in.
///
/// The runtime reads `SWIFT_BACKTRACE` once, in its initialiser, before any Swift code runs, and
/// offers no API to change it later. The eventplayer executable sets it before that initialiser,
/// without an exec: `Sources/CEarlyStart` (its pre-initialisation) puts ``settings(adding:)``'s
/// value in the initial environment. ``configureOrReexec()`` is the fallback for when it could not
/// (an environment without any of the variables it borrows a slot from, such as `env -i`): set the
/// variable and re-exec the same binary (the file `/proc/self/exe` points at, same arguments, same
/// PID), about 20 ms of start-up. Only needed when a crash could stop at the backtracer's prompt
/// (``promptPossible(stdin:stdout:)``: a terminal on both ends); in a pipeline its defaults are
/// harmless. Keys the user set are kept, except `interactive`, which is always `no`.
///
/// ```swift
/// static func main() async {
///     Backtracer.configureOrReexec()     // returns at once when the settings are in place (or exec failed)
///     …
/// }
/// ```
public enum Backtracer {
    /// `current` (a `SWIFT_BACKTRACE` value) with our settings added (interactive=no, color=no,
    /// output-to=stderr, symbolicate=full, images=mentioned, registers=none; every `interactive` key
    /// becomes no); equal to `current` when nothing was missing. The C function CEarlyStart uses
    /// too (`eventplayer_backtrace_settings`), so both compute the same value.
    public static func settings(adding current: String?) -> String {
        var size = 256
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let length = eventplayer_backtrace_settings(current, &buffer, size)
            if length < size { return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
            size = length + 1
        }
    }

    /// True when the backtracer's default (`interactive=tty`) would stop a crash at its "Press
    /// space to interact" prompt: stdin and stdout are both terminals. Otherwise the defaults do
    /// no harm (no prompt, no colour when not a terminal, written to stderr) and the re-exec can be
    /// skipped; only their full symbolication takes longer.
    public static func promptPossible(stdin: Int32 = 0, stdout: Int32 = 1) -> Bool {
        isatty(stdin) == 1 && isatty(stdout) == 1
    }

    /// Sets `SWIFT_BACKTRACE` and re-execs this binary when the settings are missing (CEarlyStart
    /// could not place them); returns at once when they are in place, or when exec is impossible
    /// (crashes then keep the runtime's defaults).
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
