import Foundation

/// The Frigate flavour's new review items while it runs (``DemoArrivals``): on the recording
/// cameras in turn, alternately an alert (a person) and a detection, each in progress
/// (`end_time` null) for its first seconds. Their video is the camera's recordings.
extension FrigateContext {
    /// The items listed at `now`: the arrived ones (newest first), then the catalog's.
    func items(at now: Double) -> [FrigateReviewItem] {
        let arrived = arrivals.numbers(at: now).map { arrivedItem($0, now: now) }
        return arrived.isEmpty ? catalog.items : arrived + catalog.items
    }

    /// A catalog or arrived item by id.
    func item(id: String, at now: Double) -> FrigateReviewItem? {
        if let item = catalog.itemsByID[id] { return item }
        guard let range = id.range(of: Self.arrivalMarker), let number = Int(id[range.upperBound...]),
              arrivals.hasArrived(number, now: now) else { return nil }
        let item = arrivedItem(number, now: now)
        return item.id == id ? item : nil
    }

    static let arrivalMarker = "-new"

    private func arrivedItem(_ number: Int, now: Double) -> FrigateReviewItem {
        let recorders = catalog.cameras.filter(\.records)
        let camera = recorders.isEmpty ? catalog.cameras[0] : recorders[number % recorders.count]
        let start = arrivals.start(number)
        let alert = number % 2 == 1
        return FrigateReviewItem(
            id: FrigateJSON.python(start) + Self.arrivalMarker + String(number), camera: camera.name, startTime: start,
            endTime: arrivals.end(number, now: now), severity: alert ? .alert : .detection, detections: [],
            objects: alert ? ["person"] : [camera.labels.first ?? "person"], subLabels: [], zones: [], audio: [],
            thumbTime: start + 2)
    }
}
