/// One step of the current playback's startup timeline (request-log overlay).
///
/// ```swift
/// let step = TimelineRow(label: "tokens fetched", milliseconds: 14)
/// ```
public struct TimelineRow: Hashable, Sendable {
    public var label: String
    /// Milliseconds since the user pressed play.
    public var milliseconds: Int

    public init(label: String, milliseconds: Int) {
        self.label = label
        self.milliseconds = milliseconds
    }
}
