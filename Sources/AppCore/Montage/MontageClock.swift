import Foundation

/// The one wall clock a montage plays on: a moment of recorded time that advances with real time
/// times the speed, and stands still while paused. Every tile's position is derived from it
/// (``MontagePlan``), and a tile's drift is its position against it. A value: time is passed in.
///
/// ```swift
/// var clock = MontageClock(at: moment, now: .now)
/// clock.setSpeed(2, now: .now)
/// clock.wallTime(now: .now)           // the moment every tile should show
/// clock.seek(to: later, now: .now)    // all tiles follow
/// ```
public struct MontageClock: Sendable, Equatable {
    /// The recorded moment shown at ``anchor``.
    public private(set) var moment: Date
    /// The real time ``moment`` was shown.
    public private(set) var anchor: ContinuousClock.Instant
    public private(set) var speed: Double
    public private(set) var isPaused: Bool

    public init(at moment: Date, now: ContinuousClock.Instant, speed: Double = 1, paused: Bool = false) {
        self.moment = moment
        anchor = now
        self.speed = speed
        isPaused = paused
    }

    /// The recorded moment to show at real time `now`.
    public func wallTime(now: ContinuousClock.Instant) -> Date {
        guard !isPaused else { return moment }
        let elapsed = now - anchor
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return moment.addingTimeInterval(seconds * speed)
    }

    /// Stands still at the moment shown now, or goes on from it.
    public mutating func setPaused(_ paused: Bool, now: ContinuousClock.Instant) {
        rebase(now: now)
        isPaused = paused
    }

    /// From now on the clock runs `speed` times real time (the moment shown does not jump).
    public mutating func setSpeed(_ speed: Double, now: ContinuousClock.Instant) {
        rebase(now: now)
        self.speed = speed
    }

    /// Shows `moment` from now on.
    public mutating func seek(to moment: Date, now: ContinuousClock.Instant) {
        self.moment = moment
        anchor = now
    }

    /// How far a tile showing `position` seconds into an event that started at `eventStart` is
    /// from the clock at `now`, in seconds (positive: the tile is ahead).
    public func drift(position: TimeInterval, eventStart: Date, now: ContinuousClock.Instant) -> TimeInterval {
        eventStart.addingTimeInterval(position).timeIntervalSince(wallTime(now: now))
    }

    private mutating func rebase(now: ContinuousClock.Instant) {
        moment = wallTime(now: now)
        anchor = now
    }
}
