import Foundation

/// Reads values off a captured screen.
enum ScreenReading {
    /// The player's slider: `0:03 ━━●═══── 0:10` (or `0:03.50 …` after a frame step). Found by its
    /// time and bar, not by the knob alone: a live event's row in the list has a ● too.
    static func sliderLine(_ screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.contains(/\d+:\d\d(\.\d\d)? [━═─]*●/) }
    }

    /// The list's selected row (it starts with the selection marker ▌).
    static func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init)
    }

    /// The screen line (0 the top) of the list's selected row.
    static func selectedLine(_ screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("▌") }
    }

    /// The status bar: the line with the playback state.
    static func statusBar(_ screen: String) -> String {
        screen.split(separator: "\n").last { $0.contains("Playing") || $0.contains("Paused") }.map(String.init) ?? ""
    }

    /// The slider's elapsed time in seconds: the first `m:ss` on the slider line.
    static func sliderSeconds(_ screen: String) -> Int? {
        guard let line = sliderLine(screen), let match = line.firstMatch(of: /(\d+):(\d\d)/) else { return nil }
        return Int(match.1)! * 60 + Int(match.2)!
    }
}
