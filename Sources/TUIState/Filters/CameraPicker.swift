import TUI

/// The `c` picker: "All cameras" first, then the cameras (in the server's order where it has one,
/// else by name), then the camera sets: the config file's `[camera-sets]`, then the server's
/// camera groups ("▸ outside"). The choice filters the list and is what the timeline's lanes and
/// the montage (`M`) show. Each camera's row shows its health where the server reports it (Health/).
///
/// ```swift
/// let picker = CameraPicker(cameras: ["Driveway", "Front Door"], groups: [], current: .camera("Front Door"))
/// picker.selectedIndex     // 2: opens on the camera in force
/// picker.choice            // .camera("Front Door")
/// ```
struct CameraPicker: Sendable, Equatable {
    static let allCameras = "All cameras"

    /// A group as the picker offers it: its name and its cameras' names as shown.
    struct Group: Sendable, Equatable {
        var name: String
        var cameras: [String]
    }

    var cameras: [String]
    var groups: [Group]
    var selectedIndex: Int
    let current: ListFilters.Cameras

    init(cameras: [String], groups: [Group] = [], current: ListFilters.Cameras) {
        self.cameras = cameras
        self.groups = groups
        self.current = current
        selectedIndex = 0
        selectedIndex = currentIndex
    }

    /// How many rows: all, the cameras, the groups.
    var count: Int { 1 + cameras.count + groups.count }

    /// The row of the choice in force.
    var currentIndex: Int {
        switch current {
        case .all: 0
        case .camera(let name): cameras.firstIndex(of: name).map { $0 + 1 } ?? 0
        case .group(let name, _): groups.firstIndex { $0.name == name }.map { $0 + 1 + cameras.count } ?? 0
        }
    }

    /// What the selected row chooses.
    var choice: ListFilters.Cameras {
        if selectedIndex == 0 { return .all }
        if selectedIndex <= cameras.count { return .camera(cameras[selectedIndex - 1]) }
        let group = groups[min(selectedIndex - 1 - cameras.count, groups.count - 1)]
        return .group(name: group.name, cameras: group.cameras)
    }

    var snapshot: PickerSnapshot { snapshot(health: [:]) }

    /// The rows, each camera's with its health from `health` (by the name shown) where known.
    func snapshot(health: [String: CameraHealthBadge]) -> PickerSnapshot {
        let groupRows = groups.map { "▸ \($0.name) (\($0.cameras.joined(separator: ", ")))" }
        var snapshot = PickerSnapshot(title: groups.isEmpty ? "Camera" : "Camera or group", items: [Self.allCameras] + cameras + groupRows,
                                      selectedIndex: selectedIndex, currentIndex: currentIndex)
        if !health.isEmpty { snapshot.badges = [nil] + cameras.map { health[$0] } + groups.map { _ in nil } }
        return snapshot
    }
}
