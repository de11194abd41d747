import Foundation
import SystemSupport

/// Builds the event list: the catalog's fixed events plus `count` generated ones, newest first.
/// Generation is deterministic for a given seed, count and start time.
enum EventGenerator {
    /// `generatedMedia`: the folder of ``GeneratedMedia`` (made or being made); nil leaves out the
    /// events that need it.
    static func events(catalog: DemoCatalog, resources: URL, generatedMedia: URL? = nil, generatedCount: Int, now: Date) -> [DemoEvent] {
        let demo = resources.appendingPathComponent("demo")
        var events = catalog.events.compactMap { fixed -> DemoEvent? in
            let layout = catalog.layouts[fixed.layout]!
            guard let root = layout.isGenerated ? generatedMedia : demo else { return nil }
            let start = now.addingTimeInterval(fixed.startOffsetSeconds)
            return DemoEvent(
                id: fixed.id, cameraName: fixed.cameraName, title: fixed.title, bucket: fixed.bucket,
                mediaDirectory: root.appendingPathComponent(layout.directory, isDirectory: true),
                playlist: layout.playlist, playlistMode: fixed.playlistMode, startTime: start,
                endTime: fixed.durationSeconds.map { start.addingTimeInterval($0) },
                videoUrlQuery: fixed.videoUrlQuery, failingFile: fixed.failingFile,
                needsGeneratedMedia: layout.isGenerated
            )
        }
        events += generated(catalog.generated, layouts: catalog.layouts, demo: demo, count: generatedCount, now: now)
        return events.sorted(by: DemoEvent.newestFirst)
    }

    private static func generated(
        _ spec: DemoCatalog.Generated, layouts: [String: DemoCatalog.Layout], demo: URL, count: Int, now: Date
    ) -> [DemoEvent] {
        guard count > 0 else { return [] }
        var rng = SplitMix64(seed: spec.seed)
        let newest = now.addingTimeInterval(spec.newestOffsetSeconds)
        let span = UInt64(spec.spanDays * 86_400)
        let offsets = (0..<count).map { _ in Double(rng.next() % span) }.sorted()
        let layout = layouts[spec.layout]!
        let width = max(5, String(count).count)
        return offsets.enumerated().map { index, offset in
            let start = Date(timeIntervalSince1970: (newest.timeIntervalSince1970 - offset).rounded(.down))
            let duration = spec.minDurationSeconds + Int(rng.next() % UInt64(spec.maxDurationSeconds - spec.minDurationSeconds + 1))
            let titled = Int(rng.next() % 100) < spec.titledPercent
            let number = String(index + 1)
            return DemoEvent(
                id: spec.idPrefix + String(repeating: "0", count: width - number.count) + number,
                cameraName: spec.cameras[Int(rng.next() % UInt64(spec.cameras.count))],
                title: titled ? spec.titles[Int(rng.next() % UInt64(spec.titles.count))] : nil,
                bucket: spec.buckets[Int(rng.next() % UInt64(spec.buckets.count))],
                mediaDirectory: demo.appendingPathComponent(layout.directory, isDirectory: true),
                playlist: layout.playlist, playlistMode: .asStored, startTime: start,
                endTime: start.addingTimeInterval(Double(duration)), videoUrlQuery: nil, failingFile: nil
            )
        }
    }
}
