import Foundation
import PlaybackStates
import Testing
@testable import TUI

/// The screens of `t`, `c` and `e`: filters in the header (cut on narrow terminals), the date
/// prompt with its error, the camera picker, export progress on the status bar; golden files as in
/// ``GoldenScreenTests`` (`RECORD_GOLDEN=1` re-records).
@Suite struct FilterScreenTests {
    static var filtered: ScreenSnapshot {
        var screen = Fixtures.list
        screen.header.filtersText = "camera: Front Door · until Yesterday 18:00"
        return screen
    }

    static var datePromptError: ScreenSnapshot {
        var screen = filtered
        screen.prompt = PromptSnapshot(label: "Jump to: ", text: "next friday", hint: "e.g. yesterday 18:00",
                                       errorText: "Cannot read \"next friday\" as a date: use 2026-11-20 14:00, yesterday 18:00, 14:00, or -2h.")
        screen.route = .context(.filter)
        return screen
    }

    static var cameraPicker: ScreenSnapshot {
        var screen = Fixtures.list
        screen.picker = PickerSnapshot(title: "Camera", items: ["All cameras", "Backyard", "Driveway", "Front Door", "Garage"],
                                       selectedIndex: 3, currentIndex: 0)
        screen.route = .picker(over: .list)
        return screen
    }

    static var exporting: ScreenSnapshot {
        var screen = Fixtures.player(.playing)
        screen.exportText = "export 45% 1.2 MB 600 KB/s ETA 0:03"
        return screen
    }

    static let scenarios: [(String, ScreenSnapshot)] = [
        ("filters", filtered), ("date-prompt-error", datePromptError), ("camera-picker", cameraPicker), ("exporting", exporting),
    ]

    @Test(arguments: scenarios.map(\.0))
    func screen(named name: String) throws {
        try GoldenScreenTests.compare(try #require(Self.scenarios.first { $0.0 == name }?.1), named: name)
    }

    @Test func narrowHeadersKeepCountsAndCutFilters() {
        for columns in [40, 52, 64, 80, 100] {
            let header = OffscreenRenderer.render(Self.filtered, columns: columns, rows: 24).split(separator: "\n")[0]
            #expect(DisplayWidth.of(String(header)) <= columns)
            #expect(header.hasSuffix("60 loaded · more"), "counts stay at \(columns) columns: \(header)")
            if columns >= 52 { #expect(header.contains("camera: "), "filters shown at \(columns): \(header)") }
        }
        let wide = OffscreenRenderer.render(Self.filtered, columns: 120, rows: 40).split(separator: "\n")[0]
        #expect(wide.contains("camera: Front Door · until Yesterday 18:00") && wide.contains("Demo User"))
    }

    @Test func promptErrorIsCutNotDropped() {
        let bottom = OffscreenRenderer.render(Self.datePromptError, columns: 80, rows: 24).split(separator: "\n").last ?? ""
        #expect(bottom.hasPrefix("Jump to: next friday█"))
        #expect(bottom.contains("Cannot read"))
    }

    @Test func pickerKeysResolveOverItsItems() {
        var view = ViewState()
        let layout = ScreenLayout(columns: 80, rows: 24)
        let screen = Self.cameraPicker
        func route(_ key: Key) -> UserAction? {
            KeyRouting.action(for: key, screen: screen, keyMap: .defaults, layout: layout, viewState: &view)
        }
        #expect(route(.special(.down)) == .select(index: 4))
        #expect(route(.char("k")) == .select(index: 2))
        #expect(route(.special(.enter)) == .submit)
        #expect(route(.special(.escape)) == .cancel)
        #expect(route(.char("t")) == nil, "list keys do not leak through the picker")
        #expect(KeyRouting.action(for: .char("t"), screen: Self.datePromptError, keyMap: .defaults, layout: layout, viewState: &view)
                == .insertText("t"), "the prompt's published context types text")
        #expect(MouseRouting.action(column: 5, row: 4, button: .left, layout: layout, screen: screen, listTop: 0) == nil,
                "a click on the list under the picker does nothing")
    }
}
