import EventsAPI
import Foundation

/// What a montage does with a tile's playback when its plan is made again (a start, a seek, an
/// event that ends, a waiting camera's event that begins, more events loaded): start the planned
/// event, stop what plays (no recording now), or leave it. A tile keeps playing (or keeps
/// showing the error of) the event it has as long as the plan names that event: a failed stream
/// is not retried by every plan. Pure.
///
/// ```swift
/// MontageTileAction.decide(current: nil, planned: .playing(event, offset: 12))           // .start(event, at: 12)
/// MontageTileAction.decide(current: event.id, planned: .playing(event, offset: 40))     // .keep
/// MontageTileAction.decide(current: event.id, planned: .noRecording(next: later))       // .stop
/// ```
public enum MontageTileAction: Sendable, Equatable {
    /// Leave the tile as it is.
    case keep
    /// Play `event` from `offset` seconds into it (what played before is stopped).
    case start(Event, at: TimeInterval)
    /// Stop what plays: the camera has no recording now.
    case stop

    /// The action for a tile that has `current` (the id of the event its playback has, nil for
    /// none) when the plan says `planned`.
    public static func decide(current: String?, planned: MontagePlan.TileState) -> MontageTileAction {
        switch planned {
        case .playing(let event, let offset):
            event.id == current ? .keep : .start(event, at: offset)
        case .noRecording:
            current == nil ? .keep : .stop
        }
    }
}
