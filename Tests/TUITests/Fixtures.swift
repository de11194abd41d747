import Foundation
import PlaybackStates
@testable import TUI

/// Deterministic snapshots for the golden screens and routing tests.
enum Fixtures {
    static let rows: [EventRow] = (0..<60).map { i in
        EventRow(id: "gen-\(i)", camera: ["Front Door", "Driveway", "Backyard", "Garage"][i % 4],
                 title: i == 0 ? "Person at the door" : "Motion detected \(i)",
                 startText: i < 3 ? "Today 14:0\(i)" : i < 8 ? "Yesterday 09:1\(i)" : "12 Nov 08:\(10 + i % 50)",
                 durationText: i % 5 == 0 ? "1:02:03" : "0:10", bucket: ["7-days", "30-days", "180-days"][i % 3],
                 isLive: i == 0)
    }

    static var header: HeaderSnapshot {
        HeaderSnapshot(user: "Demo User", server: "127.0.0.1:8080", isDemo: true, countsText: "60 loaded · more")
    }

    static var list: ScreenSnapshot {
        ScreenSnapshot(header: header, list: EventListSnapshot(rows: rows, selectedIndex: 2, moreAvailable: true))
    }

    static var empty: ScreenSnapshot {
        ScreenSnapshot(header: HeaderSnapshot(user: "Demo User", server: "127.0.0.1:8080", countsText: "0 events"),
                       list: EventListSnapshot(rows: [], emptyText: "No events in the last 60 days. Press r to refresh."))
    }

    static func player(_ kind: PlaybackState, load: LoadState = .playthroughOK, finish: FinishReason? = nil,
                       position: Double = 4, muted: Bool = false, rate: String = "") -> ScreenSnapshot {
        var screen = list
        screen.player = PlayerPaneSnapshot(title: "Backyard · Motion detected 2", subtitle: "Today 14:02 · 180-days",
                                       playback: kind, load: load, finish: finish, position: position, duration: 10,
                                       bufferedAhead: 3, isMuted: muted, volume: 80,
                                       videoModeText: "window", networkText: "local", downloadRateText: rate)
        screen.focus = .player
        screen.route = .context(.player)
        return screen
    }

    /// Reviewed rows (dimmed, with a ✓; row 2 is also selected) and auto-advance on the status bar.
    static var review: ScreenSnapshot {
        var screen = player(.playing)
        for index in [1, 2, 4] { screen.list.rows[index].isReviewed = true }
        screen.isAutoAdvance = true
        return screen
    }

    static var errorScreen: ScreenSnapshot {
        var screen = player(.stopped, load: .unknown, finish: .error("segment 3 failed (HTTP 500)"), position: 4)
        screen.error = "Playback failed: segment 3 failed (HTTP 500)"
        return screen
    }

    static var help: ScreenSnapshot {
        var screen = list
        screen.overlay = .help
        screen.route = .overlay(over: .list)
        return screen
    }

    static var requestLog: ScreenSnapshot {
        var screen = player(.playing)
        screen.overlay = .requestLog
        screen.route = .overlay(over: .player)
        screen.requestLog = [
            RequestLogRow(kind: "apiEvents", status: 200, attempts: 1, milliseconds: 18, bytes: 48_213, path: "/v1/events?limit=100"),
            RequestLogRow(kind: "apiTokens", status: 200, attempts: 1, milliseconds: 4, bytes: 412, path: "/v1/events/tokens"),
            RequestLogRow(kind: "manifestHlsVariant", status: 200, attempts: 2, milliseconds: 31, bytes: 612, path: "/media/7-days/evt-endlist/index.m3u8"),
            RequestLogRow(kind: "mediaSegment", status: 500, attempts: 4, milliseconds: 1_204, bytes: 0, path: "/media/30-days/evt-broken/seg2.ts"),
            RequestLogRow(kind: "mediaSegment", status: nil, attempts: 1, milliseconds: 20_000, bytes: 0, path: "/media/30-days/evt-broken/seg3.ts"),
        ]
        screen.timeline = [
            TimelineRow(label: "tokens fetched", milliseconds: 5),
            TimelineRow(label: "playlist rewritten", milliseconds: 38),
            TimelineRow(label: "file loaded", milliseconds: 112),
            TimelineRow(label: "first frame", milliseconds: 160),
        ]
        return screen
    }

    static var signInError: ScreenSnapshot {
        ScreenSnapshot(signIn: SignInSnapshot(email: "demo@eventplayer.dev", passwordLength: 9, server: "http://127.0.0.1:8080",
                                              focus: .password, errorText: "Wrong email or password."),
                       header: HeaderSnapshot(server: "127.0.0.1:8080", isDemo: true))
    }

    static let longError = "Cannot play evt-broken: could not open the media: the server at events.example.com "
        + "closed the connection after 20 s while sending /media/30-days/evt-broken/index.m3u8 (3 tries)"

    /// An error longer than the bottom line (cut there with a hint).
    static var longErrorScreen: ScreenSnapshot {
        var screen = errorScreen
        screen.error = longError
        return screen
    }

    /// The request log with the whole long error on top.
    static var requestLogWithError: ScreenSnapshot {
        var screen = requestLog
        screen.error = longError
        return screen
    }

    /// A sign-in error longer than the box is wide (wrapped inside it).
    static var signInLongError: ScreenSnapshot {
        var screen = signInError
        screen.signIn?.errorText = "Server unreachable: could not connect to events.example.com:8443 within 10 s "
            + "(connection timed out); check the address and your network, then press Enter to try again"
        return screen
    }

    /// The timeline (`T`) at a zoom: four cameras on 2026-11-24 (UTC), blocks of events, a
    /// reviewed one, a live one reaching "now" (23:00), the cursor at 14:10 on Front Door.
    static func timeline(_ zoom: TimelineZoom) -> ScreenSnapshot {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        utc.firstWeekday = 2
        let midnight = Date(timeIntervalSince1970: 1_795_478_400)   // Tue 24 Nov 2026 00:00 UTC
        func at(_ hours: Double) -> Date { midnight.addingTimeInterval(hours * 3600) }
        var items = [
            TimelineItem(id: "a", camera: "Backyard", start: at(1), end: at(1.5), reviewed: false),
            TimelineItem(id: "b", camera: "Backyard", start: at(6), end: at(7), reviewed: true),
            TimelineItem(id: "c", camera: "Front Door", start: at(14.1), end: at(14.15), reviewed: false),
            TimelineItem(id: "d", camera: "Front Door", start: at(22), end: nil, reviewed: false),
            TimelineItem(id: "e", camera: "Driveway", start: at(14.05), end: at(14.4), reviewed: false),
            TimelineItem(id: "f", camera: "Garage", start: at(-30), end: at(-29), reviewed: false),
        ]
        // A busy hour on the Driveway: 12 short events from 09:00.
        items += (0..<12).map { TimelineItem(id: "g\($0)", camera: "Driveway", start: at(9 + Double($0) / 12),
                                             end: at(9 + Double($0) / 12 + 0.02), reviewed: false) }
        let start = switch zoom {
        case .hour: at(14)
        case .day: midnight
        case .week: at(-24)   // Monday
        }
        var timeline = TimelineViewSnapshot(items: TimelineItems(version: 1, items: items),
                                            cameras: ["Backyard", "Driveway", "Front Door", "Garage"],
                                            start: start, zoom: zoom, cursor: at(14 + 1.0 / 6), lane: 2, now: at(23), calendar: utc)
        timeline.statusSegments = ["Today 14:10", "Front Door · Motion · 14:06:00 · 0:03"]
        var screen = ScreenSnapshot(header: header)
        screen.timelineView = timeline
        screen.route = .context(.timeline)
        return screen
    }

    /// A montage of four cameras: two playing (their panes show video), one without footage at
    /// the moment, one whose stream failed; the second heard.
    static var montage: ScreenSnapshot {
        var montage = MontageScreen(tiles: [
            .init(index: 0, title: "Front Door · 14:03:12", detail: "playing", showsVideo: true),
            .init(index: 1, title: "Backyard · 14:03:12", detail: "playing", showsVideo: true, isFocused: true),
            .init(index: 2, title: "Driveway · 14:03:12", detail: "segment0.ts failed: HTTP 500 after 4 attempts",
                  showsVideo: false, isError: true),
            .init(index: 3, title: "Garage · 14:03:12", detail: "no recording · next 14:05", showsVideo: false),
        ], clockText: "14:03:12", stateText: "▶ Playing")
        montage.fraction = 0.3
        montage.rangeStartText = "14:02:00"
        montage.rangeEndText = "14:06:00"
        montage.segments = ["♪ Backyard", "terminal·half"]
        var screen = ScreenSnapshot(header: header)
        screen.montage = montage
        screen.route = .context(.montage)
        return screen
    }
}
