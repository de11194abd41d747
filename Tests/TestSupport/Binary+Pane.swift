import Foundation

/// The binary in a test's tmux pane, started as a user at a terminal starts it.
extension Binary {
    /// The shell command a tmux pane runs (``Tmux/start(columns:rows:environment:command:)``): the
    /// binary with `arguments` (shell words, quoted by the caller), behind `launcher` if given (a
    /// fake terminal, a slow pty: shell words ending in `--`).
    ///
    /// The user's own server, X display and Wayland session are unset (and `unsetting`), `exports`
    /// are exported in the shell (tmux takes a new session's `TERM` and `PATH` from its client,
    /// whatever `-e` says), stderr goes to /dev/null unless `stderrToPane`; when the program ends the
    /// pane shows `EXIT=<status>` and stays a minute for the test to read.
    ///
    /// ```swift
    /// pane.start(columns: 80, rows: 24, environment: binary.paneEnvironment,
    ///            command: binary.paneScript("--server \(url) --video none --no-audio"))
    /// ```
    public func paneScript(_ arguments: String, launcher: String = "", exports: KeyValuePairs<String, String> = [:],
                    unsetting: [String] = [], stderrToPane: Bool = false) -> String {
        let unset = "unset " + (["EVENTPLAYER_SERVER", "EVENTPLAYER_PROFILE", "DISPLAY", "WAYLAND_DISPLAY"] + unsetting).joined(separator: " ") + "; "
        let export = exports.isEmpty ? "" : "export " + exports.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ") + "; "
        let start = launcher.isEmpty ? "" : launcher + " "
        let stderr = stderrToPane ? "" : " 2>/dev/null"
        let words = arguments.isEmpty ? "" : " " + arguments
        return unset + export + start + Self.quoted(url.path) + words + stderr + "; echo \"EXIT=$?\"; sleep 60"
    }

    /// `text` as one shell word.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
