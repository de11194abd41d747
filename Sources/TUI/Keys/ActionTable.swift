/// The one table of bindable actions (tig style). The default key map, Resources/keymap.conf,
/// the `?` help overlay and the status-bar hints are all generated from it.
///
/// ```swift
/// let pause = ActionTable.spec(id: "toggle-pause")   // Space, p
/// ```
public enum ActionTable {
    public static let all: [ActionSpec] = [
        // Event list.
        .init(id: "move-up", action: .moveUp, contexts: [.list], keys: ["Up", "k"], help: "Select the previous event"),
        .init(id: "move-down", action: .moveDown, contexts: [.list], keys: ["Down", "j"], help: "Select the next event"),
        .init(id: "page-up", action: .pageUp, contexts: [.list], keys: ["PgUp"], help: "One page up"),
        .init(id: "page-down", action: .pageDown, contexts: [.list], keys: ["PgDn"], help: "One page down"),
        .init(id: "move-first", action: .moveToFirst, contexts: [.list], keys: ["Home", "g"], help: "First event"),
        .init(id: "move-last", action: .moveToLast, contexts: [.list], keys: ["End", "G"], help: "Last loaded event"),
        .init(id: "play", action: .play, contexts: [.list, .player], keys: ["Enter"],
              help: "Play the selected event (player: resume from the knob)", hint: "play"),
        .init(id: "filter", action: .startFilter, contexts: [.list], keys: ["/"], help: "Filter by camera or title", hint: "filter"),
        .init(id: "refresh", action: .refresh, contexts: [.list, .timeline], keys: ["r"], help: "Reload the events", hint: "refresh"),
        .init(id: "jump-to-date", action: .jumpToDate, contexts: [.list, .player, .timeline], keys: ["t"],
              help: "Jump to a date (list: events until it; timeline: cursor)"),
        .init(id: "pick-camera", action: .pickCamera, contexts: [.list, .player, .timeline], keys: ["c"], help: "Show one camera's events (or all)"),
        .init(id: "export", action: .export, contexts: [.list, .player], keys: ["e"],
              help: "Export the selected or playing event to a file"),
        // Player.
        .init(id: "toggle-pause", action: .togglePause, contexts: [.player], keys: ["Space", "p"], help: "Pause or resume", hint: "pause"),
        .init(id: "toggle-mute", action: .toggleMute, contexts: [.player], keys: ["m"], help: "Mute or unmute", hint: "mute"),
        .init(id: "seek-backward", action: .seekBy(-5), contexts: [.player], keys: ["Left"], help: "Back 5 seconds", hint: "5s"),
        .init(id: "seek-forward", action: .seekBy(5), contexts: [.player], keys: ["Right"], help: "Forward 5 seconds", hint: "5s"),
        .init(id: "seek-backward-long", action: .seekBy(-60), contexts: [.player], keys: ["Down"], help: "Back 60 seconds"),
        .init(id: "seek-forward-long", action: .seekBy(60), contexts: [.player], keys: ["Up"], help: "Forward 60 seconds"),
        .init(id: "volume-down", action: .volume(by: -5), contexts: [.player], keys: ["9"], help: "Volume down"),
        .init(id: "volume-up", action: .volume(by: 5), contexts: [.player], keys: ["0"], help: "Volume up"),
        .init(id: "stop", action: .stop, contexts: [.player], keys: ["s"], help: "Stop (Enter resumes from the knob)", hint: "stop"),
        .init(id: "seek-start", action: .seekToStart, contexts: [.player], keys: ["Home"], help: "Jump to the start"),
        .init(id: "seek-end", action: .seekToEnd, contexts: [.player], keys: ["End"], help: "Jump to the end"),
        .init(id: "cycle-video", action: .cycleVideo, contexts: [.player], keys: ["v"], help: "Terminal video on or off (playback goes on)"),
        .init(id: "full-pane", action: .toggleFullPane, contexts: [.player, .list], keys: ["f"],
              help: "Video over the whole terminal (f or Esc returns)"),
        .init(id: "zoom-in", action: .zoom(by: 0.1), contexts: [.player], keys: ["Alt-+", "Alt-="], help: "Zoom in (the picture)"),
        .init(id: "zoom-out", action: .zoom(by: -0.1), contexts: [.player], keys: ["Alt--"], help: "Zoom out"),
        .init(id: "pan-left", action: .pan(x: 0.1, y: 0), contexts: [.player], keys: ["Alt-Left"], help: "Move the picture right (see its left)"),
        .init(id: "pan-right", action: .pan(x: -0.1, y: 0), contexts: [.player], keys: ["Alt-Right"], help: "Move the picture left (see its right)"),
        .init(id: "pan-up", action: .pan(x: 0, y: 0.1), contexts: [.player], keys: ["Alt-Up"], help: "Move the picture down (see its top)"),
        .init(id: "pan-down", action: .pan(x: 0, y: -0.1), contexts: [.player], keys: ["Alt-Down"], help: "Move the picture up (see its bottom)"),
        .init(id: "reset-zoom", action: .resetFraming, contexts: [.player], keys: ["Alt-Backspace"], help: "Zoom and pan back to normal"),
        .init(id: "speed-down", action: .multiplySpeed(by: 1 / 1.1), contexts: [.player], keys: ["["], help: "Slower (speed ÷1.1, down to 0.25×)"),
        .init(id: "speed-up", action: .multiplySpeed(by: 1.1), contexts: [.player], keys: ["]"], help: "Faster (speed ×1.1, up to 16×)"),
        .init(id: "speed-half", action: .multiplySpeed(by: 0.5), contexts: [.player], keys: ["{"], help: "Half the speed"),
        .init(id: "speed-double", action: .multiplySpeed(by: 2), contexts: [.player], keys: ["}"], help: "Double the speed"),
        .init(id: "speed-reset", action: .resetSpeed, contexts: [.player], keys: ["Backspace"], help: "Normal speed (1×)"),
        .init(id: "frame-step", action: .frameStep(forward: true), contexts: [.player], keys: ["."], help: "One frame forward (pauses)"),
        .init(id: "frame-back-step", action: .frameStep(forward: false), contexts: [.player], keys: [","], help: "One frame back (pauses)"),
        .init(id: "snapshot", action: .saveSnapshot, contexts: [.player], keys: ["S"], help: "Save the frame as PNG (~/Pictures/eventplayer)"),
        // Review.
        .init(id: "next-event", action: .nextEvent, contexts: [.player, .list], keys: [">"], help: "Play the next event of the list"),
        .init(id: "previous-event", action: .previousEvent, contexts: [.player, .list], keys: ["<"], help: "Play the previous event of the list"),
        .init(id: "auto-advance", action: .toggleAutoAdvance, contexts: [.player, .list], keys: ["a"],
              help: "Auto-advance on/off (an ended event starts the next)"),
        .init(id: "toggle-reviewed", action: .toggleReviewed, contexts: [.list, .player, .timeline], keys: ["x"],
              help: "Reviewed or not: the selected, playing or cursor's event"),
        .init(id: "unreviewed-only", action: .toggleUnreviewedOnly, contexts: [.list, .player, .timeline], keys: ["u"],
              help: "Show only the events not reviewed yet, or all"),
        // Timeline.
        .init(id: "timeline", action: .toggleTimeline, contexts: [.list, .player, .timeline], keys: ["T"],
              help: "Timeline of every camera, and back", hint: "timeline"),
        .init(id: "timeline-back", action: .timelineStep(-1), contexts: [.timeline], keys: ["Left", "h"],
              help: "Cursor one step back (1 min, 10 min or 1 h by zoom)", hint: "move"),
        .init(id: "timeline-forward", action: .timelineStep(1), contexts: [.timeline], keys: ["Right", "l"],
              help: "Cursor one step forward", hint: "move"),
        .init(id: "timeline-lane-up", action: .timelineLane(-1), contexts: [.timeline], keys: ["Up", "k"], help: "The camera above"),
        .init(id: "timeline-lane-down", action: .timelineLane(1), contexts: [.timeline], keys: ["Down", "j"], help: "The camera below"),
        .init(id: "timeline-page-back", action: .timelinePage(-1), contexts: [.timeline], keys: ["PgUp"], help: "One range back (an hour, day or week)"),
        .init(id: "timeline-page-forward", action: .timelinePage(1), contexts: [.timeline], keys: ["PgDn"], help: "One range forward"),
        .init(id: "timeline-zoom-in", action: .timelineZoom(in: true), contexts: [.timeline], keys: ["+", "="],
              help: "Zoom in (week, day, hour)", hint: "zoom"),
        .init(id: "timeline-zoom-out", action: .timelineZoom(in: false), contexts: [.timeline], keys: ["-"], help: "Zoom out"),
        .init(id: "timeline-first", action: .timelineEdge(last: false), contexts: [.timeline], keys: ["Home", "g"],
              help: "First event in the range shown"),
        .init(id: "timeline-last", action: .timelineEdge(last: true), contexts: [.timeline], keys: ["End", "G"],
              help: "Last event in the range shown"),
        .init(id: "timeline-play", action: .play, contexts: [.timeline], keys: ["Enter"],
              help: "Play the event under the cursor (Esc comes back)", hint: "play"),
        // Anywhere.
        .init(id: "toggle-focus", action: .toggleFocus, contexts: [.global], keys: ["Tab"], help: "Switch focus between list and player", hint: "focus"),
        .init(id: "back", action: .back, contexts: [.global], keys: ["Esc"], help: "Close overlay, dismiss error, back to the list"),
        .init(id: "help", action: .toggleHelp, contexts: [.global], keys: ["?"], help: "Show or hide this help", hint: "help"),
        .init(id: "request-log", action: .toggleRequestLog, contexts: [.global], keys: ["d"], help: "Request log and startup timeline"),
        .init(id: "quit-or-back", action: .quitOrBack, contexts: [.global], keys: ["q"], help: "Back, then quit", hint: "quit"),
        .init(id: "quit", action: .quit, contexts: [.global], keys: ["Ctrl-C"], help: "Quit now"),
        // Text entry.
        .init(id: "next-field", action: .nextField, contexts: [.form], keys: ["Tab", "Down"], help: "Next field", hint: "next field"),
        .init(id: "previous-field", action: .previousField, contexts: [.form], keys: ["BackTab", "Up"], help: "Previous field"),
        .init(id: "submit", action: .submit, contexts: [.form, .filter], keys: ["Enter"], help: "Sign in / apply the filter or date", hint: "submit"),
        .init(id: "delete-backward", action: .deleteBackward, contexts: [.form, .filter], keys: ["Backspace"], help: "Delete the character before the cursor"),
        .init(id: "clear-field", action: .clearField, contexts: [.form, .filter], keys: ["Ctrl-U"], help: "Clear the field"),
        .init(id: "cancel", action: .cancel, contexts: [.filter], keys: ["Esc"], help: "Cancel the filter or date prompt", hint: "cancel"),
    ]

    /// The spec with this keymap id, nil when unknown.
    public static func spec(id: String) -> ActionSpec? {
        all.first { $0.id == id }
    }
}
