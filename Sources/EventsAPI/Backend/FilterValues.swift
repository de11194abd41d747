/// The values a server offers to filter its events by (``EventBackend/filterValues(cameras:)``):
/// the labels (Frigate's objects and sounds: `person`, `car`, `bark`) and the zones (Frigate's
/// named areas of a camera's picture: `porch`, `street`), each sorted and without repeats. Either
/// is empty where the server has no such notion (the events service has neither); one of them
/// becomes ``EventFilter/labels`` or ``EventFilter/zones``. Frigate also offers the faces
/// (``subLabels``, for ``EventFilter/subLabel``) and plates (``plates``, for ``EventFilter/plate``)
/// it recognised.
///
/// ```swift
/// let values = try await backend.filterValues(cameras: ["Front Door"])
/// values.labels   // ["dog", "package", "person"]
/// values.zones    // ["porch", "walkway"]
/// ```
public struct FilterValues: Sendable, Hashable {
    public var labels: [String]
    public var zones: [String]
    /// The recognised faces and other sub-labels (Frigate's `GET /api/sub_labels`), for
    /// ``EventFilter/subLabel``; empty where the server has none.
    public var subLabels: [String]
    /// The recognised licence plates (Frigate's `GET /api/recognized_license_plates`), for
    /// ``EventFilter/plate``; empty where the server reads none.
    public var plates: [String]

    public init(labels: [String] = [], zones: [String] = [], subLabels: [String] = [], plates: [String] = []) {
        self.labels = labels
        self.zones = zones
        self.subLabels = subLabels
        self.plates = plates
    }

    /// Nothing to filter by.
    public static let none = FilterValues()
}
