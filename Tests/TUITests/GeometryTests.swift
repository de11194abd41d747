import Foundation
import Testing
import PlaybackStates
@testable import TUI

@Suite struct SliderGeometryTests {
    @Test func timeToColumnAndBack() {
        let g = SliderGeometry(width: 80, duration: 600)
        #expect(g.barStart == 7)
        #expect(g.barWidth == 66)
        #expect(g.column(forTime: 0) == 0)
        #expect(g.column(forTime: 600) == 65)
        #expect(g.column(forTime: 300) == 33)          // 0.5 * 65 = 32.5 → 33
        #expect(g.column(forTime: -5) == 0)            // clamped
        #expect(g.column(forTime: 9999) == 65)
        #expect(g.fraction(forColumn: 7) == 0)
        #expect(g.fraction(forColumn: 72) == 1)
        #expect(g.fraction(forColumn: 6) == nil)       // on the elapsed label
        #expect(g.fraction(forColumn: 73) == nil)      // on the total label
        #expect(g.time(forColumn: 7 + 13) == 120)
        for column in 0..<g.barWidth {                 // round trip
            #expect(g.column(forTime: g.time(forColumn: g.barStart + column)!) == column)
        }
    }

    @Test func unknownDurationAndLongLabels() {
        let live = SliderGeometry(width: 60, duration: nil)
        #expect(live.column(forTime: 30) == 0)
        #expect(live.time(forColumn: 20) == nil)
        #expect(live.fraction(forColumn: 20) != nil)
        let long = SliderGeometry(width: 60, duration: 7200)
        #expect(long.labelWidth == 9)
        #expect(long.barWidth == 42)
        let tiny = SliderGeometry(width: 10, duration: 10)
        #expect(tiny.barWidth == 0)
        #expect(tiny.fraction(forColumn: 5) == nil)
    }

    @Test func knobFollowsThePendingSeek() {
        var player = PlayerPaneSnapshot(title: "t", playback: .seekingForward, position: 2, duration: 10)
        player.pendingSeekTarget = 7
        let screen = ScreenSnapshot(player: player, focus: .player)
        let text = OffscreenRenderer.render(screen, columns: 80, rows: 24)
        let slider = try! #require(text.split(separator: "\n").first { $0.contains("●") })
        #expect(slider.hasPrefix("  0:07 "))
        let knob = slider.distance(from: slider.startIndex, to: slider.firstIndex(of: "●")!)
        #expect(knob == 7 + SliderGeometry(width: 80, duration: 10).column(forTime: 7))
    }
}

@Suite struct TimeTextTests {
    @Test func clock() {
        #expect(DurationText.clock(0) == "0:00")
        #expect(DurationText.clock(65.9) == "1:05")
        #expect(DurationText.clock(600) == "10:00")
        #expect(DurationText.clock(3725) == "1:02:05")
        #expect(DurationText.clock(-3) == "0:00")
        #expect(DurationText.clock(.nan) == "0:00")
    }

    @Test func startText() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let now = ISO8601DateFormatter().date(from: "2026-11-22T12:00:00Z")!   // Sunday 13:00 in Berlin
        func at(_ iso: String) -> String { WallTimeText.start(ISO8601DateFormatter().date(from: iso)!, now: now, calendar: calendar) }
        #expect(at("2026-11-22T13:02:00Z") == "Today 14:02")
        #expect(at("2026-11-21T08:10:00Z") == "Yesterday 09:10")
        #expect(at("2026-11-18T08:10:00Z") == "Wed 09:10")
        #expect(at("2026-11-12T13:02:00Z") == "12 Nov 14:02")
        #expect(at("2025-11-12T13:02:00Z") == "2025-11-12 14:02", "another year: the time too (one format per column)")
        #expect(at("2026-12-24T13:02:00Z") == "2026-12-24 14:02", "a start in the future past tomorrow (a server's clock)")
        #expect(DisplayWidth.of(at("2025-11-12T13:02:00Z")) <= WallTimeText.startWidth)
        #expect(at("2026-11-21T22:59:00Z") == "Yesterday 23:59", "a minute before the local midnight")
        #expect(at("2026-11-21T23:00:00Z") == "Today 00:00")
    }

    /// The list's start column keeps 15 cells (the titles' room) unless a row of another year is
    /// shown, whose start (`2025-11-12 14:02`) it then shows whole.
    @Test func theStartColumnWidensForAStartOfAnotherYearOnly() {
        #expect(EventListView.Columns(width: 120, startWidth: DisplayWidth.of("Yesterday 09:10")).start == 15)
        let wide = EventListView.Columns(width: 120, startWidth: DisplayWidth.of("2025-11-12 14:02"))
        #expect(wide.start == 16)
        #expect(wide.line(marker: "   ", camera: "Garage", title: "Motion", start: "2025-11-12 14:02", duration: "0:10", bucket: "7-days")
            .contains("2025-11-12 14:02"))
        #expect(EventListView.Columns(width: 120).title - wide.title == 1, "the title gives the cell")
    }

    /// The days between two dates are counted in local midnights, also when a day had 23 or 25
    /// hours (Berlin: summer time from 29 March 2026, winter time from 25 October 2026).
    @Test func startTextAcrossDaylightSavingChanges() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let iso = ISO8601DateFormatter()
        func at(_ date: String, now: String) -> String { WallTimeText.start(iso.date(from: date)!, now: iso.date(from: now)!, calendar: calendar) }
        // 25 October, 00:30 (summer time) and 26 October, 00:30 (winter time): a 25-hour day between.
        #expect(at("2026-10-24T22:30:00Z", now: "2026-10-25T23:30:00Z") == "Yesterday 00:30")
        #expect(at("2026-10-24T22:30:00Z", now: "2026-10-25T22:30:00Z") == "Today 00:30", "23:30 on the long day")
        // 29 March, 00:30 (winter time) and 23:30 (summer time): the short day.
        #expect(at("2026-03-28T23:30:00Z", now: "2026-03-29T21:30:00Z") == "Today 00:30")
        #expect(at("2026-03-28T22:59:00Z", now: "2026-03-29T21:30:00Z") == "Yesterday 23:59")
        #expect(at("2026-03-24T12:00:00Z", now: "2026-03-29T21:30:00Z") == "Tue 13:00", "five days back, across the change")
    }
}

@Suite struct DisplayWidthTests {
    @Test func widths() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("━●") == 2)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.truncate("Front Door camera", to: 8) == "Front D…")
        #expect(DisplayWidth.pad("ab", to: 4) == "ab  ")
        #expect(DisplayWidth.padLeft("ab", to: 4) == "  ab")
    }

    @Test func gridKeepsWideCharactersWhole() {
        let grid = GridCanvas(width: 6, height: 1)
        grid.put("ab日本x", x: 0, y: 0, style: .normal)
        #expect(grid.text == "ab日本\n")       // x does not fit
        grid.put("日", x: 5, y: 0, style: .normal)   // would cross the edge: clipped
        #expect(grid.text == "ab日本\n")
    }

    /// mpv's duration of a hostile playlist (past `Int.max` seconds, infinite, NaN) reaches the
    /// slider as it is: the one clock caps it (the slider's own clock converted it with `Int(_:)`,
    /// which traps).
    @Test(arguments: [1e300, .infinity, .nan, -3, 9.3e18])
    func theSliderShowsAHostileDurationAsAClock(duration: Double) {
        var player = PlayerPaneSnapshot(title: "t", subtitle: "s")
        player.duration = duration
        player.position = duration
        let grid = GridCanvas(width: 60, height: 1)
        SeekSliderView(player: player).draw(on: grid)
        #expect(!grid.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(grid.text)")
        if duration.isFinite, duration > 1e15 { #expect(grid.text.contains("27777"), "capped at 1e15 s (277777777777:46:40): \(grid.text)") }
    }
}
