import DemoBackend
import Foundation
import TestSupport
import Testing

/// The real TUI in a real terminal that draws sixel (xterm as a VT340 under Xvfb), read back from
/// screenshots: the terminal is asked at start and the video pane shows the event in pixels, with
/// the list drawn beside it; help covers the picture and it returns; `f` gives it the whole
/// terminal and Esc brings the list back with no trace of it; quitting leaves nothing.
@Suite(.serialized, .machineShare) struct TUISixelXtermTests {
    /// xterm's `fixed` font: 6×13 pixels per cell, inside a 1-pixel window border.
    static let cell = (width: 6, height: 13)
    static let border = 1

    /// Cells of a region (columns × rows, in cells) whose pixels have more than two colours: a
    /// text cell (or a cell of block glyphs) has two, a cell of a picture in pixels many.
    static func pictureCells(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Int {
        var count = 0
        for row in rows {
            for column in columns {
                let colors = shot.colors(x: border + column * cell.width..<border + (column + 1) * cell.width,
                                         y: border + row * cell.height..<border + (row + 1) * cell.height)
                if colors.count > 2 { count += 1 }
            }
        }
        return count
    }

    /// Cells of a region with anything drawn in them (two colours: text).
    static func textCells(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>) -> Int {
        var count = 0
        for row in rows {
            for column in columns where shot.colors(x: border + column * cell.width..<border + (column + 1) * cell.width,
                                                     y: border + row * cell.height..<border + (row + 1) * cell.height).count == 2 {
                count += 1
            }
        }
        return count
    }

    /// Pixels of the pane near a colour of testsrc2's bars.
    static func has(_ shot: Screenshot, columns: Range<Int>, rows: Range<Int>, _ wanted: (Int, Int, Int)) -> Bool {
        for y in border + rows.lowerBound * cell.height..<border + rows.upperBound * cell.height {
            for x in border + columns.lowerBound * cell.width..<border + columns.upperBound * cell.width {
                let (r, g, b) = shot.pixel(x, y)
                if abs(Int(r) - wanted.0) < 50, abs(Int(g) - wanted.1) < 50, abs(Int(b) - wanted.2) < 50 { return true }
            }
        }
        return false
    }

    @Test(.enabled(if: X11Terminal.available(.xterm)), .timeLimit(.minutes(2)))
    func theVideoIsDrawnInPixelsInThePaneBesideTheList() async throws {
        let binary = try Binary()
        let server = try await DemoServer.start()
        defer { Task { await server.stop() } }
        try #require(try await binary.login(server.baseURL).status == 0)
        let exit = binary.home.appending(path: "exit-status"), stderr = binary.home.appending(path: "stderr")
        let command = """
        unset EVENTPLAYER_SERVER WAYLAND_DISPLAY; export TERM=xterm-256color COLORTERM=truecolor; \
        '\(binary.url.path)' --server \(server.baseURL.absoluteString) --video terminal --no-audio 2>'\(stderr.path)'; \
        echo "$?" > '\(exit.path)'; sleep 60
        """
        let xterm = try await Tmux.offPool { try X11Terminal.start(.xterm, columns: 120, rows: 40, environment: binary.paneEnvironment, command: command) }
        defer {
            xterm.stop()
            try? FileManager.default.removeItem(at: binary.home)
        }
        let pane = (columns: 62..<118, rows: 3..<36), list = (columns: 1..<58, rows: 3..<36)
        let (playing, later, help, back, full, list2, gone) = try await Tmux.offPool {
            () throws -> (Screenshot, Screenshot, Screenshot, Screenshot, Screenshot, Screenshot, Screenshot) in
            // The selected event's first frame (a still) once the list is in, then its video.
            var shot = try X11Terminal.poll("a picture in the pane (stderr: \((try? String(contentsOf: stderr, encoding: .utf8)) ?? ""))") {
                try xterm.screenshot()
            } until: {
                Self.pictureCells($0, columns: pane.columns, rows: pane.rows) > 150
            }
            xterm.keys("Return")
            // The pane is blank while the playback is prepared, then shows its frames.
            usleep(500_000)
            shot = try X11Terminal.poll("the video in the pane") { try xterm.screenshot() } until: {
                Self.pictureCells($0, columns: pane.columns, rows: pane.rows) > 200
            }
            usleep(1_000_000)
            let later = try xterm.screenshot()
            xterm.keys("question")
            let help = try X11Terminal.poll("help over the picture") { try xterm.screenshot() } until: {
                Self.pictureCells($0, columns: 62..<100, rows: pane.rows) == 0
            }
            xterm.keys("Escape")
            let back = try X11Terminal.poll("the picture back") { try xterm.screenshot() } until: {
                Self.pictureCells($0, columns: pane.columns, rows: pane.rows) > 150
            }
            xterm.keys("f")
            let full = try X11Terminal.poll("full-pane video") { try xterm.screenshot() } until: {
                Self.pictureCells($0, columns: list.columns, rows: list.rows) > 100
            }
            xterm.keys("Escape")
            let listBack = try X11Terminal.poll("the list back") { try xterm.screenshot() } until: {
                Self.pictureCells($0, columns: list.columns, rows: list.rows) == 0
                    && Self.pictureCells($0, columns: pane.columns, rows: pane.rows) > 150
            }
            xterm.keys("q")
            usleep(300_000)
            xterm.keys("q")
            _ = try Tmux.poll("the exit status", read: { (try? String(contentsOf: exit, encoding: .utf8)) ?? "" }) { !$0.isEmpty }
            let gone = try xterm.screenshot()
            return (shot, later, help, back, full, listBack, gone)
        }
        #expect(playing.width == 120 * Self.cell.width + 2 * Self.border && playing.height == 40 * Self.cell.height + 2 * Self.border)
        // Flat parts of the bars are one colour per cell; edges, text and the moving parts are many.
        let detail = Self.pictureCells(playing, columns: pane.columns, rows: pane.rows)
        #expect(detail > 200, "cells with pixel detail in the pane: \(detail)")
        for (name, colour) in [("red", (191, 0, 0)), ("green", (0, 191, 0)), ("blue", (0, 0, 191)), ("yellow", (191, 191, 0))] {
            #expect(Self.has(playing, columns: pane.columns, rows: pane.rows, colour), "testsrc2's \(name) bar in the pane")
        }
        #expect(playing.rgb != later.rgb, "the picture moves")
        #expect(Self.pictureCells(playing, columns: list.columns, rows: list.rows) == 0, "no picture in the list")
        #expect(Self.textCells(playing, columns: list.columns, rows: list.rows) > 300, "the list is drawn beside the video")
        #expect(Self.textCells(help, columns: 62..<100, rows: pane.rows) > 50, "help's text over the pane")
        #expect(Self.pictureCells(back, columns: pane.columns, rows: pane.rows) > 150)
        #expect(Self.pictureCells(full, columns: 0..<120, rows: 0..<39) > Self.pictureCells(playing, columns: 0..<120, rows: 0..<39),
                "full-pane video covers more of the terminal than the pane")
        #expect(Self.textCells(list2, columns: list.columns, rows: list.rows) > 300, "the list drawn again after full-pane video")
        #expect(Self.pictureCells(gone, columns: 0..<120, rows: 0..<40) == 0, "a picture left after quitting")
        #expect((try? String(contentsOf: exit, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
