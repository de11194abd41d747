/// The montage's clock stands still while its tiles get ready after a start, a seek or a pause
/// (as NVR players hold their timeline): every tile that should play is paused, sought to the
/// clock's moment, and the clock goes on (and the tiles with it) once all of them show their
/// frame there, or once ``deadline`` passed (a tile still loading then is left to catch up on
/// its own: ``MontageSync`` seeks it when it plays). A tile that fails or has nothing to play is
/// not waited for, nor is one that has been loading longer than ``patience`` already (a hold
/// after a seek does not wait again for a stream that is failing). Pure: the montage says which tiles are ready.
///
/// ```swift
/// var hold = MontageHold(waitingFor: [0, 1, 2], resume: true, deadline: now + MontageHold.patience)
/// hold.isReleased(ready: [0, 2], now: now)      // false: tile 1 is still loading
/// hold.isReleased(ready: [0, 1, 2], now: now)   // true: play on, all together
/// ```
public struct MontageHold: Sendable, Equatable {
    /// How long a hold waits at most for a slow tile.
    public static let patience: Duration = .seconds(5)

    /// The tiles to wait for.
    public var waiting: Set<Int>
    /// Whether the clock runs again once released (false: the user paused; the hold only puts
    /// every tile on the clock's moment).
    public var resume: Bool
    /// When the hold gives up on slow tiles.
    public var deadline: ContinuousClock.Instant

    public init(waitingFor tiles: Set<Int>, resume: Bool, deadline: ContinuousClock.Instant) {
        waiting = tiles
        self.resume = resume
        self.deadline = deadline
    }

    /// True once every tile waited for is ready (or no longer waited for), or the deadline passed.
    public func isReleased(ready: Set<Int>, now: ContinuousClock.Instant) -> Bool {
        waiting.isSubset(of: ready) || now >= deadline
    }

    /// A tile not to wait for any more (it failed, or the plan gave it nothing to play).
    public mutating func drop(_ tile: Int) {
        waiting.remove(tile)
    }
}
