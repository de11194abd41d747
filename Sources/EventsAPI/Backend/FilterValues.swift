/// The values a server offers to filter its events by (``EventBackend/filterValues(cameras:)``):
/// the labels (Frigate's objects and sounds: `person`, `car`, `bark`) and the zones (Frigate's
/// named areas of a camera's picture: `porch`, `street`), each sorted and without repeats. Either
/// is empty where the server has no such notion (the events service has neither); one of them
/// becomes ``EventFilter/labels`` or ``EventFilter/zones``.
///
/// ```swift
/// let values = try await backend.filterValues(cameras: ["Front Door"])
/// values.labels   // ["dog", "package", "person"]
/// values.zones    // ["porch", "walkway"]
/// ```
public struct FilterValues: Sendable, Hashable {
    public var labels: [String]
    public var zones: [String]

    public init(labels: [String] = [], zones: [String] = []) {
        self.labels = labels
        self.zones = zones
    }

    /// Nothing to filter by.
    public static let none = FilterValues()
}
