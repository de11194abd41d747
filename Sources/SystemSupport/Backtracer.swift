import CBacktraceSettings
import Glibc

/// The settings eventplayer gives Swift's crash backtracer (`SWIFT_BACKTRACE`): never interactive
/// (no "Press space to interact" while the terminal is ours), no colours, written to stderr, which
/// the fatal handler points at the log (``Signals/installFatalHandler(crashLog:deadline:)``), and
/// symbolicated fast: frames name their functions from the symbol tables, without the files,
/// lines and inlined frames that full symbolication reads from the DWARF (more than 10 s for a
/// release build that carries it; fast takes 0.2 to 1 s: docs/benchmarks.md, `make bench-crash`).
/// The installed binary is stripped; its symbols and debug information are a separate file
/// (`lib/debug/.build-id/…`, the `eventplayer-dbgsym` package), which the backtracer finds by the
/// binary's build id or debug link, and so is `make run`'s (`scripts/release-flags
/// --runnable`). Without the debug file the frames in eventplayer are addresses with the image
/// they fall in.
///
/// The runtime reads `SWIFT_BACKTRACE` once, in its initialiser, before any Swift code runs, and
/// offers no API to change it later. The eventplayer executable puts ``settings(adding:)``'s value
/// in the environment before that initialiser, without an exec: `Sources/CEarlyStart`.
/// Keys the user set are kept, except `interactive`, which is always `no`.
///
/// ```swift
/// Backtracer.settings(adding: "limit=16")
/// // "limit=16,interactive=no,color=no,output-to=stderr,symbolicate=fast,images=mentioned,registers=none"
/// ```
public enum Backtracer {
    /// `current` (a `SWIFT_BACKTRACE` value) with our settings added (interactive=no, color=no,
    /// output-to=stderr, symbolicate=fast, images=mentioned, registers=none; every `interactive`
    /// key becomes no); equal to `current` when nothing was missing. The C function CEarlyStart
    /// uses (`eventplayer_backtrace_settings`), so both compute the same value.
    public static func settings(adding current: String?) -> String {
        var size = 256
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            let length = eventplayer_backtrace_settings(current, &buffer, size)
            if length < size { return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
            size = length + 1
        }
    }
}
