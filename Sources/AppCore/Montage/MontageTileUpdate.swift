/// One tile's playback update, as ``MontagePlayback/drain(now:)`` hands them out: which tile,
/// and what its runner said (its playback's identity is in `update`).
public struct MontageTileUpdate: Sendable, Equatable {
    public var tile: Int
    public var update: PlaybackUpdate

    public init(tile: Int, update: PlaybackUpdate) {
        self.tile = tile
        self.update = update
    }
}
