import Foundation

/// Reads values off a captured screen.
enum ScreenReading {
    /// The slider's elapsed time in seconds: the first `m:ss` on the line with the knob (●).
    static func sliderSeconds(_ screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("●") }) else { return nil }
        guard let match = line.firstMatch(of: /(\d+):(\d\d)/) else { return nil }
        return Int(match.1)! * 60 + Int(match.2)!
    }
}
