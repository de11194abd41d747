/// What the user asked for. The TUI turns keys, mouse clicks and signals into these; the App handles them.
///
/// List navigation keys (Up/Down/PgUp/PgDn/Home/End in the list) reach the App already resolved to
/// ``select(index:)`` (the TUI knows the page height), so the App never sees `moveUp`…`moveToLast`.
///
/// ```swift
/// switch action {
/// case .select(let index): state.selectedIndex = index
/// case .seekBy(let seconds): state.pendingSeek += seconds
/// case .quit: return .quit
/// default: break
/// }
/// ```
public enum UserAction: Hashable, Sendable {
    // Event list.
    case moveUp, moveDown, pageUp, pageDown, moveToFirst, moveToLast
    /// Select the row at this index of ``EventListSnapshot/rows`` (navigation keys, mouse click, wheel).
    case select(index: Int)
    /// Play the selected event (list) or resume from the knob after a stop (player).
    case play
    case startFilter, refresh
    /// `t`: ask for a date/time; the list reloads with the events until then. `c`: pick a camera.
    case jumpToDate, pickCamera
    /// `o`: pick the label (Frigate's objects: person, car) the list shows; `z`: pick the zone.
    /// Both offer what the server has to filter by.
    case pickLabel, pickZone
    /// `e`: export the selected (list) or playing (player) event to a file.
    case export
    /// `N`: pick another server (a profile, a server signed in to, the demo) and switch to it.
    case pickServer
    // Player.
    case togglePause, toggleMute, stop, seekToStart, seekToEnd
    /// Relative seek in seconds (negative: backwards).
    case seekBy(Double)
    /// Absolute seek as a fraction 0...1 of the duration (mouse click on the slider).
    case seek(toFraction: Double)
    /// Volume change in percent points.
    case volume(by: Int)
    /// `v`: terminal video on/off while playing, without restarting playback.
    case cycleVideo
    /// The video over the whole terminal but the status line, and back (`f`).
    case toggleFullPane
    /// Zoom the picture by a step of mpv's `video-zoom` (log2), move it by fractions of its size,
    /// or put it back (mpv's Alt keys).
    case zoom(by: Double)
    case pan(x: Double, y: Double)
    case resetFraming
    // Review.
    /// `>` / `<`: play the next / previous event of the list (loading the next page when needed).
    case nextEvent, previousEvent
    /// `a`: when a playback ends, the next event starts.
    case toggleAutoAdvance
    /// `x`: mark or unmark the selected event (player: the playing one) as reviewed.
    case toggleReviewed
    /// `s` in the list: all severities, then each of the server's (Frigate: alerts, detections).
    case cycleSeverity
    /// `X`: mark every event the list shows (loaded, after its filters) as reviewed, in one go.
    case markShownReviewed
    /// `u`: show only the events not reviewed yet.
    case toggleUnreviewedOnly
    /// `K`: keep the selected (player: the playing) event past the server's retention, or let it
    /// go (Frigate retains, ZoneMinder archives).
    case toggleKept
    /// Tab in the `/` prompt: search every event the server has for the text, not only those loaded.
    case searchServer
    /// `Alt-k`: keep every event the list shows past the server's retention (after a question).
    case keepShown
    /// `i`: everything the server knows about the selected (player: the playing) event.
    case showDetails
    /// `J`: to the moment the server scored highest (ZoneMinder's alarm frames).
    case seekToHighestScore
    /// PgDn / PgUp in the player: to the next / previous alarm frame (mpv's chapter keys).
    case seekToAlarm(forward: Bool)
    /// `F`: the list follows the server (new events appear by themselves), or stops following.
    case toggleFollow
    /// Playback speed times this factor (`[` `]` `{` `}`, mpv's keys); kept within 0.25×…16×.
    case multiplySpeed(by: Double)
    /// Backspace: speed 1×.
    case resetSpeed
    /// `.` one frame forward, `,` one frame back (then paused, as mpv does).
    case frameStep(forward: Bool)
    /// `S`: the current frame as a PNG in the pictures folder.
    case saveSnapshot
    // Timeline (`T`).
    /// Show the timeline of every camera, or go back from it.
    case toggleTimeline
    /// Move the cursor by this many steps of the zoom (← →), ranges (PgUp PgDn) or lanes (↑ ↓).
    case timelineStep(Int)
    case timelinePage(Int)
    case timelineLane(Int)
    /// `+` / `-`: between an hour, a day and a week.
    case timelineZoom(in: Bool)
    /// Home / End: the first or last event in the range shown.
    case timelineEdge(last: Bool)
    // Live (`L`).
    /// The camera live in the pane: the selected or playing event's, the timeline cursor's lane's;
    /// in the live view, back to where it was opened.
    case showLive
    // Montage (`M`).
    /// Every camera at the selected event's (or the timeline cursor's) moment, side by side.
    case startMontage
    /// Tab in the montage: the next tile is heard.
    case montageFocusNext
    /// PgUp / PgDn in the montage: the previous or next four cameras.
    case montagePage(Int)
    // Anywhere.
    case toggleFocus
    case focus(Focus)
    /// Esc: close an overlay, dismiss an error, return focus to the list.
    case back
    case toggleHelp, toggleRequestLog
    /// q: back (close overlay / focus list), then quit.
    case quitOrBack
    /// Ctrl-C, SIGINT, SIGTERM, SIGHUP.
    case quit
    // Text entry (sign-in form, filter prompt).
    case insertText(String)
    case deleteBackward, clearField, nextField, previousField, submit, cancel
    // Terminal.
    /// Ctrl-Z: the terminal is about to be handed to the shell (mark playback interrupted).
    case suspend
    /// After `fg`: the screen was redrawn (resume playback as it was).
    case resume
}
