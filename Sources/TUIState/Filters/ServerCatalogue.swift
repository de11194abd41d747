import EventsAPI
import Foundation

/// What the server offers to pick from: its cameras (or those seen in pages, for the events
/// service) and groups, the config file's camera sets, its severities; and which value picker
/// (`o`, `z`) waits for the server's values.
struct ServerCatalogue: Sendable {
    /// Cameras seen in loaded pages; kept across reloads, so the picker still offers the others
    /// while one camera is shown.
    var knownCameras: Set<String> = []
    /// The server's cameras in its order and its camera groups (``AppInput/camerasLoaded(_:groups:)``);
    /// empty for the events service.
    var serverCameras: [Camera] = []
    var serverGroups: [CameraGroup] = []
    /// The config file's `[camera-sets]`: offered by the `c` picker before the server's groups.
    var cameraSets: [CameraGroup]
    /// The severities the server files events under, in its order (Frigate: alert, detection); `s`
    /// cycles through them. Empty for the events service.
    var severities: [String]
    /// The `o` (label) or `z` (zone) picker asked for while the server's values are on the way
    /// (it opens as ``AppState/Mode/valuePicker(_:over:)`` once they came).
    var awaitedPicker: ValuePicker.Kind?

    /// Notes the cameras of `events`.
    mutating func noteCameras(_ events: [Event]) {
        knownCameras.formUnion(events.map(\.cameraName))
    }

    /// The cameras to pick from: the server's in its order (then any other seen), else those seen
    /// by name (letters' case aside, numbers by value: Camera 2 before Camera 10; no locale's
    /// collation, which the release build's ICU data leaves out: scripts/icu-data), with
    /// `current` (the one in force) kept.
    func pickableCameras(current: String?) -> [String] {
        let seen = knownCameras.union(current.map { [$0] } ?? [])
        let ordered = serverCameras.map(\.name)
        let listed = Set(ordered)
        return ordered + seen.filter { !listed.contains($0) }.sorted { $0.compare($1, options: [.caseInsensitive, .numeric]) == .orderedAscending }
    }

    /// The `c` picker, on the choice in force (`current`; `camera` when it is one camera); nil
    /// when no camera is known yet. The config file's sets come first; a server group of the same
    /// name is the set's.
    func cameraPicker(current: ListFilters.Cameras, camera: String?) -> CameraPicker? {
        let cameras = pickableCameras(current: camera)
        guard !cameras.isEmpty else { return nil }
        let names = Dictionary(serverCameras.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let own = Set(cameraSets.map(\.name))
        let groups = (cameraSets + serverGroups.filter { !own.contains($0.name) })
            .map { CameraPicker.Group(name: $0.name, cameras: $0.cameras.map { names[$0] ?? $0 }) }
        return CameraPicker(cameras: cameras, groups: groups, current: current)
    }

    /// The values the `o` or `z` picker waited for came (or failed): which it was, no longer awaited.
    mutating func takeAwaitedPicker() -> ValuePicker.Kind? {
        defer { awaitedPicker = nil }
        return awaitedPicker
    }

    /// The server's values could not be had: said on the message line, when a picker waited for them.
    mutating func valuesFailed(_ text: String, status: inout StatusLine, now: ContinuousClock.Instant) {
        guard let kind = takeAwaitedPicker() else { return }
        status.show("Cannot list the server's \(kind.noun)s: \(text)", now: now)
    }

    /// The server's cameras that record (an NVR's): the timeline shows what they recorded.
    var recordingCameras: [Camera] {
        serverCameras.filter(\.isRecording)
    }

    /// The server's camera shown as `name`, where it lists its cameras.
    func camera(named name: String) -> Camera? {
        serverCameras.first { $0.name == name }
    }

    /// The cameras of `names` as the backend knows them (its ids where it has a list of cameras).
    func cameras(named names: [String]) -> [Camera] {
        names.map { name in Camera(id: camera(named: name)?.id ?? name, name: name) }
    }
}
