import TUI

/// The `c` picker: "All cameras" first, then the known cameras by name.
///
/// ```swift
/// let picker = CameraPicker(cameras: ["Driveway", "Front Door"], current: "Front Door")
/// picker.selectedIndex     // 2: opens on the camera in force
/// picker.choice            // "Front Door" (nil: all cameras)
/// ```
struct CameraPicker: Sendable, Equatable {
    static let allCameras = "All cameras"

    var cameras: [String]
    var selectedIndex: Int
    let current: String?

    init(cameras: [String], current: String?) {
        self.cameras = cameras
        self.current = current
        selectedIndex = current.flatMap { cameras.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
    }

    /// The camera picked; nil for all cameras.
    var choice: String? { selectedIndex == 0 ? nil : cameras[selectedIndex - 1] }

    var snapshot: PickerSnapshot {
        PickerSnapshot(title: "Camera", items: [Self.allCameras] + cameras, selectedIndex: selectedIndex,
                       currentIndex: current.flatMap { cameras.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
    }
}
