/// The seek slider's geometry: `elapsed ━━━━●──── total`, as pure functions time ↔ column.
///
/// ```swift
/// let g = SliderGeometry(width: 60, duration: 600)
/// g.column(forTime: 300)      // the knob's column inside the bar
/// g.fraction(forColumn: 10)   // where a click on column 10 (of the whole slider) seeks, nil off the bar
/// ```
public struct SliderGeometry: Hashable, Sendable {
    /// Width of the whole slider line.
    public let width: Int
    /// Seconds; nil or 0: unknown (live or not loaded).
    public let duration: Double?
    /// Columns reserved left and right of the bar for the time labels.
    public let labelWidth: Int

    /// `fractions`: the labels show hundredths (`0:12.40`, after a frame step), 3 columns more each.
    public init(width: Int, duration: Double?, fractions: Bool = false) {
        self.width = width
        self.duration = duration
        labelWidth = ((duration ?? 0) >= 3600 ? 9 : 7) + (fractions ? 3 : 0)   // " 1:02:03 " / " 12:34 "
    }

    /// First column of the bar (relative to the slider).
    public var barStart: Int { labelWidth }
    /// Number of bar columns.
    public var barWidth: Int { max(0, width - 2 * labelWidth) }

    /// The bar column (0..<barWidth) for a time; clamps outside 0...duration.
    public func column(forTime seconds: Double) -> Int {
        guard let duration, duration > 0, barWidth > 1 else { return 0 }
        let fraction = min(1, max(0, seconds / duration))
        return Int((fraction * Double(barWidth - 1)).rounded())
    }

    /// The fraction 0...1 for a slider-relative column, nil when the column is not on the bar.
    public func fraction(forColumn column: Int) -> Double? {
        let bar = column - barStart
        guard barWidth > 1, bar >= 0, bar < barWidth else { return nil }
        return Double(bar) / Double(barWidth - 1)
    }

    /// The time for a slider-relative column, nil off the bar or when the duration is unknown.
    public func time(forColumn column: Int) -> Double? {
        guard let duration, duration > 0, let fraction = fraction(forColumn: column) else { return nil }
        return fraction * duration
    }
}
