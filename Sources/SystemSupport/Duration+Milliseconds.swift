/// The one Duration → milliseconds conversion (for poll(2) timeouts, see ``PollTimeout``).
extension Duration {
    /// The duration in milliseconds, with its fraction: `Duration.microseconds(1500).milliseconds == 1.5`;
    /// negative for a negative duration. Whole milliseconds: `Int(d.milliseconds)` (toward zero)
    /// or `.rounded()` first.
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
