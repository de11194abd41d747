import AppCore
import ArgumentParser
import Player
import SystemSupport

/// `eventplayer version` (also `eventplayer --version`): the program's version; with `--verbose`,
/// the libmpv it plays with and the ffmpeg inside it, for a bug report. Only `--verbose` loads
/// libmpv.
///
/// ```
/// $ eventplayer --version --verbose
/// eventplayer 0.3.0
/// libmpv: /lib/x86_64-linux-gnu/libmpv.so.2 (mpv 0.35.1, client API 2.1)
/// ffmpeg: 5.1.6-0+deb12u1
/// ```
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print eventplayer's version (--verbose: also libmpv's and ffmpeg's).",
        discussion: "`eventplayer --version` is the same command."
    )

    @Flag(help: "Also load libmpv and print its file, mpv's version and ffmpeg's (for a bug report).")
    var verbose = false

    func run() throws {
        StandardStreams.line(ProgramVersion.line)
        guard verbose else { return }
        do {
            let versions = try MPVLibrary.versions()
            StandardStreams.line("libmpv: \(versions.path) (\(versions.mpv), client API \(versions.clientAPI))")
            StandardStreams.line("ffmpeg: \(versions.ffmpeg)")
        } catch {
            StandardStreams.errorLine(EventPlayer.errorLine(error))
            throw ExitCode.failure
        }
    }
}
