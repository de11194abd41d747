import Foundation

/// Lines to standard output, written at once (not held in stdio's buffer when stdout is a pipe),
/// so scripts and tests reading `play` and `demo-server` see each line as it happens.
public enum StandardOutput {
    /// Writes `text` and a newline.
    @Sendable public static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
