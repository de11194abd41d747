import Foundation
import Testing
@testable import TUI

/// Camera health on the screen: at the right of each camera's row in the `c` picker (the box
/// widened for it, the selection's colours on the selected row, offline in the error colour),
/// after each lane's name on the timeline (the name cut before the health is, so an offline
/// lane always says so).
@Suite struct CameraHealthViewTests {
    static let online = CameraHealthBadge(text: "● 5 fps", state: .online)
    static let offline = CameraHealthBadge(text: "offline", state: .offline)

    static func rows(_ grid: GridCanvas) -> [String] {
        grid.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func thePickerShowsEachCamerasHealthAtTheRightOfItsRow() throws {
        var screen = Fixtures.list
        var picker = PickerSnapshot(title: "Camera", items: ["All cameras", "Backyard", "Driveway", "Front Door", "Garage"],
                                    selectedIndex: 3, currentIndex: 0)
        picker.badges = [nil, Self.online, Self.offline, Self.online, nil]
        screen.picker = picker
        let grid = OffscreenRenderer.grid(screen, columns: 100, rows: 30)
        let rows = Self.rows(grid)
        let driveway = try #require(rows.firstIndex { $0.contains("Driveway") && $0.contains("offline") }, "\(grid.text)")
        let line = rows[driveway]
        let offlineAt = try #require(line.range(of: "offline"))
        #expect(line[offlineAt.upperBound...].hasPrefix(" │"), "right-aligned before the box's border: \(line)")
        let column = line.distance(from: line.startIndex, to: offlineAt.lowerBound)
        #expect(grid.style(x: column, y: driveway) == .error, "offline stands out")
        let door = try #require(rows.firstIndex { $0.contains("Front Door") && $0.contains("● 5 fps") }, "\(grid.text)")
        let fps = try #require(rows[door].range(of: "● 5 fps"))
        #expect(grid.style(x: rows[door].distance(from: rows[door].startIndex, to: fps.lowerBound) + 2, y: door) == .selected,
                "the selected row keeps the selection's colours")
        #expect(rows.contains { $0.contains("Garage") && !$0.contains("fps") && !$0.contains("offline") }, "no health: none shown")
        // Without health the box is as before; with it, wide enough for name and health.
        picker.badges = []
        screen.picker = picker
        #expect(!OffscreenRenderer.render(screen, columns: 100, rows: 30).contains("fps"))
        let long = PickerSnapshot(title: "Camera", items: ["All cameras", "A camera with a rather long name"], selectedIndex: 0)
        #expect(PickerView.rect(for: long, layout: ScreenLayout(columns: 100, rows: 30)).width
            < PickerView.rect(for: { var p = long; p.badges = [nil, Self.offline]; return p }(), layout: ScreenLayout(columns: 100, rows: 30)).width)
    }

    @Test func anOfflineLaneSaysSoEvenWhenItsNameIsCut() throws {
        var screen = Fixtures.timeline(.day)
        screen.timelineView?.health = ["Driveway": Self.offline, "Front Door": Self.online]
        for columns in [120, 40] {
            let grid = OffscreenRenderer.grid(screen, columns: columns, rows: 24)
            let rows = Self.rows(grid)
            // The lanes start where Backyard's name does (the pane's left edge).
            let backyard = try #require(rows.first { $0.contains("Backyard") }, "\(columns) columns:\n\(grid.text)")
            let left = backyard.distance(from: backyard.startIndex, to: try #require(backyard.range(of: "Backyard")).lowerBound)
            let lane = try #require(rows.firstIndex { String($0.dropFirst(left)).hasPrefix("D") && $0.contains("offline") },
                                    "\(columns) columns:\n\(grid.text)")
            let nameWidth = TimelineView.nameWidth(cameras: ["Backyard", "Driveway", "Front Door", "Garage"], width: columns,
                                                   health: screen.timelineView?.health ?? [:])
            let label = String(rows[lane].dropFirst(left).prefix(nameWidth))
            #expect(label.hasSuffix("offline "), "\(columns) columns: \(label)")
            #expect(grid.style(x: left + nameWidth - 2, y: lane) == .error)
        }
        let wide = Self.rows(OffscreenRenderer.grid(screen, columns: 120, rows: 24))
        #expect(wide.contains { $0.contains("Front Door") && $0.contains("● 5 fps") })
        #expect(wide.contains { $0.contains("Driveway") && $0.contains("offline") }, "the whole name where there is room")
    }
}
