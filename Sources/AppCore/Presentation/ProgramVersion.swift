/// eventplayer's version: the one place it is written (`eventplayer --version`, `version`, the
/// man page). Raise it with each release.
public enum ProgramVersion {
    /// The version, e.g. "0.3.0".
    public static let current = "0.3.0"
    /// What `eventplayer --version` prints: "eventplayer 0.3.0".
    public static var line: String { "eventplayer \(current)" }
}
