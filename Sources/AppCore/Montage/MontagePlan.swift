import EventsAPI
import Foundation

/// What each camera's tile of a montage shows at a moment of recorded time: the event that covers
/// it and how far into it, or "no recording" until its next event begins (the tile joins then).
/// Pure: from the events loaded around the moment.
///
/// ```swift
/// let plan = MontagePlan(cameras: ["Front Door", "Garage"], events: loaded, at: clock.wallTime(now: .now), now: .now)
/// plan.tiles[0].state   // .playing(event, offset: 12.5) or .noRecording(next: date)
/// ```
public struct MontagePlan: Sendable, Equatable {
    public enum TileState: Sendable, Equatable {
        /// `event` covers the moment, `offset` seconds into it.
        case playing(Event, offset: TimeInterval)
        /// No event covers the moment; the next one of this camera starts at `next` (nil: none
        /// loaded).
        case noRecording(next: Date?)
    }

    public struct Tile: Sendable, Equatable {
        public var camera: String
        public var state: TileState
    }

    public let moment: Date
    public let tiles: [Tile]

    /// One tile per camera, in order. An event covers the moment from its start up to its end
    /// (a live event up to `now`); when several do, the latest to start.
    public init(cameras: [String], events: [Event], at moment: Date, now: Date) {
        self.moment = moment
        tiles = cameras.map { camera in
            let own = events.filter { $0.cameraName == camera }
            let covering = own.filter { $0.startTime <= moment && moment < ($0.endTime ?? now) }
                .max { $0.startTime < $1.startTime }
            if let covering {
                return Tile(camera: camera, state: .playing(covering, offset: moment.timeIntervalSince(covering.startTime)))
            }
            let next = own.filter { $0.startTime > moment }.map(\.startTime).min()
            return Tile(camera: camera, state: .noRecording(next: next))
        }
    }

    /// A live montage's plan (``MontagePlayback/init(live:feeds:now:makeRunner:)``): each camera
    /// plays its feed from its start, for as long as the montage is open; a camera without one
    /// waits with no next event (its tile says there is no live view).
    public init(cameras: [String], liveFeeds feeds: [Event], at moment: Date) {
        self.moment = moment
        tiles = cameras.map { camera in
            guard let feed = feeds.first(where: { $0.cameraName == camera }) else {
                return Tile(camera: camera, state: .noRecording(next: nil))
            }
            return Tile(camera: camera, state: .playing(feed, offset: 0))
        }
    }

    /// The soonest moment after this plan's at which some tile changes (an event of a waiting
    /// camera starts, or a playing one ends; a live one ends never): when the montage must plan
    /// again.
    public var nextChange: Date? {
        tiles.compactMap { tile -> Date? in
            switch tile.state {
            case .playing(let event, _): event.endTime ?? nil
            case .noRecording(let next): next
            }
        }.filter { $0 > moment }.min()
    }
}
