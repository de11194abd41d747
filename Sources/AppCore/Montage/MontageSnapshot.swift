import Foundation

/// Everything a montage's screen shows, as one value (``MontagePlayback/snapshot``): the one
/// wall clock (the slider) and each tile.
public struct MontageSnapshot: Sendable, Equatable {
    /// One tile.
    public struct Tile: Sendable, Equatable {
        public var camera: String
        /// The event the tile has (id and start; the tile's title names camera and time), nil
        /// while the camera has no recording at the clock's moment.
        public var event: (id: String, start: Date)? { eventID.flatMap { id in eventStart.map { (id, $0) } } }
        public var eventID: String?
        public var eventStart: Date?
        public var status: MontageTileStatus
        /// Seconds into the event, read from the player now (nil while there is none: loading,
        /// seeking, no recording).
        public var position: TimeInterval?
        /// The tile's drift from the clock in seconds (positive: ahead), smoothed over the last
        /// readings of the sync check; nil until measured (and after a seek, until measured again).
        public var drift: TimeInterval?
        /// The speed the tile plays at (the clock's, or a little off while it is being brought in).
        public var speed: Double
        /// The tile heard (Tab).
        public var isFocused: Bool

        public init(camera: String, eventID: String? = nil, eventStart: Date? = nil, status: MontageTileStatus,
                    position: TimeInterval? = nil, drift: TimeInterval? = nil, speed: Double = 1, isFocused: Bool = false) {
            self.camera = camera
            self.eventID = eventID
            self.eventStart = eventStart
            self.status = status
            self.position = position
            self.drift = drift
            self.speed = speed
            self.isFocused = isFocused
        }
    }

    /// The moment every tile should show.
    public var wallTime: Date
    public var speed: Double
    /// The user paused (Space).
    public var isPaused: Bool
    /// The clock stands still while tiles get ready after a start, a seek or a pause
    /// (``MontageHold``); it goes on by itself.
    public var isHolding: Bool
    /// The focused tile is muted.
    public var isMuted: Bool
    public var tiles: [Tile]

    public init(wallTime: Date, speed: Double, isPaused: Bool, isHolding: Bool, isMuted: Bool, tiles: [Tile]) {
        self.wallTime = wallTime
        self.speed = speed
        self.isPaused = isPaused
        self.isHolding = isHolding
        self.isMuted = isMuted
        self.tiles = tiles
    }
}
