import Foundation

/// Reads values off a captured screen.
public enum ScreenReading {
    /// The player's slider: `0:03 ━━●═══── 0:10` (or `0:03.50 …` after a frame step; `▾` marks an
    /// alarm). Found by its
    /// time and bar, not by the knob alone: a live event's row in the list has a ● too.
    public static func sliderLine(_ screen: String) -> Substring? {
        screen.split(separator: "\n").first { $0.contains(/\d+:\d\d(\.\d\d)? [━═─▾]*●/) }
    }

    /// The list's selected row (it starts with the selection marker ▌).
    public static func selectedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init)
    }

    /// The screen line (0 the top) of the list's selected row.
    public static func selectedLine(_ screen: String) -> Int? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("▌") }
    }

    /// The status bar: the line with the playback state.
    public static func statusBar(_ screen: String) -> String {
        screen.split(separator: "\n").last { $0.contains("Playing") || $0.contains("Paused") }.map(String.init) ?? ""
    }

    /// The slider's elapsed time in seconds: the first `m:ss` on the slider line.
    public static func sliderSeconds(_ screen: String) -> Int? {
        guard let line = sliderLine(screen), let match = line.firstMatch(of: /(\d+):(\d\d)/) else { return nil }
        return Int(match.1)! * 60 + Int(match.2)!
    }

    /// `m:ss.cc` on the slider (after a frame step), in seconds.
    public static func preciseSliderTime(_ screen: String) -> Double? {
        guard let line = sliderLine(screen), let match = line.firstMatch(of: /(\d+):(\d\d)\.(\d\d)/) else { return nil }
        return Double(Int(match.1)! * 60 + Int(match.2)!) + Double(Int(match.3)!) / 100
    }

    /// The slider's precise time once it meets `condition` and then stays the same for half a
    /// second while paused (a step's result replaces the time shown when the key was pressed).
    /// Blocks: call it from ``Tmux/offPool(_:)``.
    public static func settledTime(_ pane: Tmux, _ expected: String, _ condition: (Double) -> Bool) throws -> Double {
        var last: Double?
        var same = 0
        let screen = try pane.waitUntil(expected + ", settled") { screen in
            guard screen.contains("❚❚ Paused"), let time = preciseSliderTime(screen), condition(time) else { same = 0; return false }
            same = time == last ? same + 1 : 0
            last = time
            return same >= 5
        }
        return preciseSliderTime(screen) ?? 0
    }

    /// The distinct 24-bit colours (`r,g,b`) a captured screen's escapes set, foreground or background.
    public static func colours(_ screen: String) -> Set<String> {
        Set(screen.matches(of: /[34]8;2;(\d+);(\d+);(\d+)/).map { "\($0.1),\($0.2),\($0.3)" })
    }

    /// The status bar whatever it shows (a playback, a camera live, the montage's words): the
    /// last line with the volume or `muted`.
    public static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last { $0.contains(" │ vol ") || $0.contains(" │ muted") }.map(String.init) ?? ""
    }

    /// The video pane's rows (right of the list's divider), with their colours when captured with
    /// escapes: two reads of a moving picture differ.
    public static func paneRows(_ screen: String) -> [String] {
        screen.split(separator: "\n").dropFirst(3).prefix(20).compactMap { row in
            row.firstRange(of: "│").map { String(row[$0.upperBound...]) }
        }
    }
}
