import Foundation

/// How a montage keeps a tile on its wall clock (``MontageClock``): from the tile's drift (its
/// position against the clock, positive when ahead) and the clock's speed, nothing, a small
/// change of the tile's own speed that closes the gap over about a second, or a seek when the gap
/// is too large to close that way (a tile that joined late, stalled, or was left behind by a seek).
/// Pure: the montage measures, asks, and applies the answer.
///
/// Drift is measured from mpv's `time-pos`, which is the frame on screen: it moves a frame at a
/// time, so a tile exactly on the clock reads between one frame behind and zero. The montage
/// smooths the readings (``smoothed(_:with:)``) before asking, so the policy steers their mean,
/// and a tile on target shows the frame nearest the clock (within half a frame either way).
///
/// ```swift
/// let sync = MontageSync()
/// sync.decide(drift: 0.008, clockSpeed: 1)   // .steady: run at the clock's speed
/// sync.decide(drift: -0.2, clockSpeed: 1)    // .correct(speed: 1.1): catch up
/// sync.decide(drift: 3, clockSpeed: 1)       // .seek: jump to the clock
/// ```
public struct MontageSync: Sendable, Equatable {
    /// What to do with a tile.
    public enum Decision: Sendable, Equatable {
        /// Run at the clock's speed.
        case steady
        /// Run at this speed for now (the clock's speed, a little faster or slower).
        case correct(speed: Double)
        /// Seek the tile to where the clock is.
        case seek
    }

    /// Smoothed drift that needs no correction, in seconds (a quarter of a frame at 25 fps: the
    /// readings' mean is kept near zero, so a tile shows the frame nearest the clock; a wider
    /// band let the mean sit 10 ms off and the readings reach 30 ms).
    public var tolerance: TimeInterval = 0.010
    /// Drift beyond this (seconds of media) is sought away instead of played away.
    public var seekThreshold: TimeInterval = 0.5
    /// The largest change of a tile's speed, as a fraction of the clock's (0.1: 10 % faster or
    /// slower; the pitch of the focused tile's audio is kept by mpv).
    public var maxCorrection: Double = 0.1
    /// The real seconds a correction aims to close the gap in.
    public var correctionWindow: TimeInterval = 1
    /// The weight of a new reading in the smoothed drift.
    public var smoothing: Double = 0.3

    public init() {}

    /// The decision for a tile `drift` seconds from the clock (positive: ahead) while the clock
    /// runs at `clockSpeed`.
    public func decide(drift: TimeInterval, clockSpeed: Double) -> Decision {
        guard drift.isFinite, clockSpeed > 0 else { return .steady }
        if abs(drift) >= seekThreshold { return .seek }
        if abs(drift) <= tolerance { return .steady }
        // A tile at speed s·(1 + c) gains s·c seconds of media per real second on the clock.
        let fraction = min(max(-drift / (correctionWindow * clockSpeed), -maxCorrection), maxCorrection)
        return .correct(speed: clockSpeed * (1 + fraction))
    }

    /// The smoothed drift after a new `reading` (the first reading stands alone).
    public func smoothed(_ previous: TimeInterval?, with reading: TimeInterval) -> TimeInterval {
        guard let previous else { return reading }
        return previous + smoothing * (reading - previous)
    }
}
