/// What the montage (`M`) draws: its tiles (the current page of cameras, or the one opened alone),
/// the one wall-clock slider and the status line's words. Built by the app's model each turn.
///
/// ```swift
/// screen.montage = MontageScreen(tiles: [.init(index: 0, title: "Front Door · 14:03:12", detail: "playing", showsVideo: true)],
///                                clockText: "14:03:12", stateText: "▶ Playing")
/// ```
public struct MontageScreen: Hashable, Sendable {
    public struct Tile: Hashable, Sendable {
        /// Camera and the time it shows ("Front Door · 14:03:12").
        public var title: String
        /// What the tile is doing when it shows no picture ("no recording · next 14:05", an error).
        public var detail: String
        /// The tile's pane shows video (frames are drawn over it).
        public var showsVideo: Bool
        /// The tile that is heard (Tab) and that Enter opens alone.
        public var isFocused: Bool
        public var isError: Bool
        /// Which of the montage's tiles this is (0-based; the focused one when it is alone).
        public var index: Int

        public init(index: Int, title: String, detail: String, showsVideo: Bool, isFocused: Bool = false, isError: Bool = false) {
            self.index = index
            self.title = title
            self.detail = detail
            self.showsVideo = showsVideo
            self.isFocused = isFocused
            self.isError = isError
        }
    }

    public var tiles: [Tile]
    /// The wall-clock moment every tile shows ("14:03:12").
    public var clockText: String
    /// The slider: where the clock is between the range's ends (0...1), and the ends' times.
    public var fraction: Double?
    public var rangeStartText = ""
    public var rangeEndText = ""
    /// "▶ Playing", "❚❚ Paused", "… waiting for tiles".
    public var stateText: String
    /// The status line's other segments (speed, page of cameras, the focused tile's sound).
    public var segments: [String] = []
    /// One tile opened alone (Enter; Esc returns to the grid).
    public var isSolo = false
    /// The request log's montage section: each tile's drift from the wall clock.
    public var syncLines: [String] = []

    public init(tiles: [Tile], clockText: String, stateText: String) {
        self.tiles = tiles
        self.clockText = clockText
        self.stateText = stateText
    }
}
