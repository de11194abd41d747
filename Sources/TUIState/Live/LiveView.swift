import EventsAPI
import Foundation
import Player
import SystemSupport

/// A camera shown live in the player pane (`L`): which camera, where `L`, Esc and `q` return, and
/// what the pane has drawn of the feed (frames a second, the newest picture's age) for the status
/// bar. It belongs to the playback that shows the feed (``PlaybackModel/live``): one owner of a
/// playback's state.
///
/// ```swift
/// var live = LiveView(camera: "Front Door", returnsTo: .list)
/// live.frames = LiveFrames(framesPerSecond: 4.8, newest: now - .milliseconds(300), at: now)
/// live.statusSegments.segments   // ["live", "Front Door", "4.8 fps", "0.3 s old"]
/// ```
struct LiveView: Sendable, Equatable {
    /// Where the live view goes back to.
    enum Return: Sendable, Equatable {
        /// The list, focused (the still of the selected event in the pane).
        case list
        /// The timeline it was opened on.
        case timeline
        /// The event that played before, resumed at `position` seconds.
        case event(Event, position: Double)
    }

    /// The camera as people read it (escaped when shown).
    let camera: String
    let returnsTo: Return
    /// The latest reading of the drawn frames; nil until the coordinator has one (no terminal
    /// video: never).
    var frames: LiveFrames?
    /// No new picture for this long: the status bar says how old the picture is instead of the rate.
    static let stalledAfter: Duration = .seconds(3)
    /// How often the status bar's age is brought up to date.
    static let readingInterval: Duration = .seconds(1)

    /// The status bar's segments: `live`, the camera, the rate and the newest picture's age when
    /// last measured (about a second ago at most); stalled, the age alone ("picture 12 s old").
    /// The second element says whether it stalled.
    var statusSegments: (segments: [String], isStalled: Bool) {
        var segments = ["live", TerminalText.printable(camera)]
        guard let frames else { return (segments, false) }
        guard let newest = frames.newest else {
            segments.append("waiting for the first picture")
            return (segments, false)
        }
        let age = frames.at - newest
        if age >= Self.stalledAfter {
            segments.append("picture \(Self.ageText(age)) old")
            return (segments, true)
        }
        segments.append("\(Self.rateText(frames.framesPerSecond)) fps")
        segments.append("\(Self.ageText(age)) old")
        return (segments, false)
    }

    /// "4.8" below 10 frames a second, "12" above.
    static func rateText(_ fps: Double) -> String {
        fps >= 10 ? "\(Int(fps.rounded()))" : String(format: "%.1f", (fps * 10).rounded() / 10)
    }

    /// "0.3 s" under ten seconds, "12 s" under two minutes, then "3 min".
    static func ageText(_ age: Duration) -> String {
        let seconds = max(0, age.milliseconds / 1000)
        if seconds < 10 { return String(format: "%.1f s", (seconds * 10).rounded(.down) / 10) }
        if seconds < 120 { return "\(Int(seconds)) s" }
        return "\(Int(seconds / 60)) min"
    }
}

/// What the pane drew of a live feed, as the coordinator measured it (``LiveFrameMeter``).
public struct LiveFrames: Sendable, Equatable {
    /// New pictures drawn a second, over the last few seconds.
    public var framesPerSecond: Double
    /// When the newest picture was drawn; nil: none yet.
    public var newest: ContinuousClock.Instant?
    /// When this was measured.
    public var at: ContinuousClock.Instant

    public init(framesPerSecond: Double, newest: ContinuousClock.Instant?, at: ContinuousClock.Instant) {
        self.framesPerSecond = framesPerSecond
        self.newest = newest
        self.at = at
    }
}

/// `L` asked for a camera live: carried to the coordinator (``AppEffect/fetchLive(_:)``) and back
/// with the answer (``AppInput/liveLoaded(_:_:)``), so the answer finds what it was asked for. The
/// playback identity is reserved when `L` is pressed: an answer to an older `L`, or one that comes
/// after another playback started, is dropped.
public struct LiveRequest: Sendable, Equatable {
    /// The camera's id in the backend's API (``Camera/id``, ``Event/camera``).
    public var cameraID: String
    /// The camera as people read it.
    public var cameraName: String
    public var id: PlaybackID
    var returnsTo: LiveView.Return
}
