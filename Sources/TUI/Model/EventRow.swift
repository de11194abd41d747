/// One row of the event list, already formatted by the App.
///
/// ```swift
/// let row = EventRow(id: "evt-1", camera: "Front Door", title: "Motion",
///                    startText: "Today 14:02", durationText: "0:10", bucket: "30-days")
/// ```
public struct EventRow: Hashable, Sendable {
    public var id: String
    public var camera: String
    public var title: String
    /// Local start time as shown, e.g. "Today 14:02" (see ``PlaybackStates/WallTimeText/start(_:now:calendar:)``).
    public var startText: String
    /// Duration as shown, e.g. "0:10"; empty for a live event.
    public var durationText: String
    public var bucket: String
    /// The event is still in progress (shows a live marker).
    public var isLive: Bool
    /// The user reviewed the event (played it to the end, or marked it): dimmed, with a ✓.
    public var isReviewed = false
    /// The mark (or its removal) is not on the server yet: `…` instead of `✓` until it is.
    public var isMarkPending = false
    /// How the server's generative model rates the threat, 0 to 2 (Frigate's GenAI review
    /// metadata): 1 and 2 show a mark before the title (``threatGlyphs``), coloured.
    public var threatLevel: Int?
    /// Kept past the server's retention (Frigate retain, ZoneMinder archive): ``keptGlyph``
    /// before the title.
    public var isKept = false

    /// The third column of a reviewed row whose mark is saved.
    public static let reviewedGlyph = "✓"
    /// The third column of a row whose mark, or its removal, is pending.
    public static let pendingGlyph = "…"
    /// Before the title of a row the server's model rated suspicious (1) or a threat (2): glyphs
    /// that read without colour too (NO_COLOR).
    public static let threatGlyphs = ["!", "‼"]
    /// Before the title of a kept row.
    public static let keptGlyph = "⚑"

    /// What goes before the title: the threat mark, then the kept mark ("‼ ⚑ ").
    public var titleMarks: String {
        var marks = ""
        if let level = threatLevel, level >= 1 { marks += Self.threatGlyphs[min(level, 2) - 1] + " " }
        if isKept { marks += Self.keptGlyph + " " }
        return marks
    }

    public init(id: String, camera: String, title: String, startText: String,
                durationText: String, bucket: String, isLive: Bool = false) {
        self.id = id
        self.camera = camera
        self.title = title
        self.startText = startText
        self.durationText = durationText
        self.bucket = bucket
        self.isLive = isLive
    }
}
