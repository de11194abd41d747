import AppCore
import EventsAPI
import Foundation

/// Opening the montage (`M`): every camera at one moment, side by side, on one wall clock. From
/// the timeline it opens at the cursor, from the player at the playing moment (the playback
/// pauses), from the list at the selected event's start. (`M` in the live view opens every camera
/// live: ``init(live:feed:cameras:id:date:)``, Live/.)
extension MontageModel {
    /// What `M` needs of the rest of the model.
    struct Context {
        /// Every camera (the `c` camera alone when one is picked), in the timeline's lane order.
        var cameras: [String]
        /// The timeline, when it is the scene.
        var timeline: TimelineState?
        /// The current playback, and whether the player has the keys.
        var playback: PlaybackModel?
        var isPlayerFocused: Bool
        var selected: Event?
        /// The events loaded (the list's and the timeline's).
        var loaded: [Event]
        /// The cameras that record all the time (their recording has the moment).
        var recording: Set<String>
        /// The session's speed: the montage starts with it.
        var speed: PlaybackSpeed
    }

    /// `M`: the montage of `context.cameras` and the effects that start it (pausing a playing
    /// playback); nil, with the reason on the message line, when no event gives it a moment.
    static func open(_ context: Context, status: inout StatusLine, now: ContinuousClock.Instant,
                     date: Date) -> (model: MontageModel, effects: [AppEffect])? {
        let cameras = context.cameras
        let origin: Origin
        let moment: Date
        let opener: String?
        if let timeline = context.timeline {
            (origin, moment) = (.timeline, timeline.cursor)
            opener = cameras.indices.contains(timeline.lane) ? cameras[timeline.lane] : nil
        } else if context.isPlayerFocused, let playback = context.playback, !playback.isPreparing {
            (origin, moment) = (.player, playback.event.startTime.addingTimeInterval(playback.position))
            opener = playback.event.cameraName
        } else if let event = context.selected {
            (origin, moment) = (.list, event.startTime)
            opener = event.cameraName
        } else {
            status.show("Select an event first: the montage opens at its moment", now: now)
            return nil
        }
        let near = events(around: moment, in: context.loaded, now: date)
        let ordered = ordered(cameras, opener: opener, events: near, recording: context.recording, moment: moment, now: date)
        var model = MontageModel(cameras: ordered, origin: origin, moment: moment, events: near, now: date)
        model.speed = context.speed
        let pause: [AppEffect] = context.playback?.playback == .playing ? [.player(.togglePause)] : []
        return (model, pause + [.startMontage(cameras: model.pageCameras, at: moment, events: near, speed: context.speed.value)])
    }

    /// The events of `loaded` within two hours of `moment` (or covering it): what the tiles can
    /// start with while the coordinator fetches the window around it.
    static func events(around moment: Date, in loaded: [Event], now date: Date) -> [Event] {
        let window = moment.addingTimeInterval(-2 * 3600)...moment.addingTimeInterval(2 * 3600)
        var byID: [String: Event] = [:]
        for event in loaded where window.contains(event.startTime) || (event.startTime < moment && (event.endTime ?? date) > moment) {
            byID[event.id] = event
        }
        return Array(byID.values)
    }

    /// The page changed (``Outcome/newPage(at:paused:)``): its tiles start at `moment`, with the
    /// events of `loaded` around it; a live montage asks for the page's feeds instead.
    func pageEffects(at moment: Date, paused: Bool, loaded: [Event], serverCameras: [Camera], date: Date) -> [AppEffect] {
        if isLive { return [.stopMontage, .fetchLiveMontage(pageFeeds(serverCameras: serverCameras))] }
        return [.startMontage(cameras: pageCameras, at: moment, events: Self.events(around: moment, in: loaded, now: date),
                              speed: speed.value, paused: paused)]
    }
}
