import Foundation

extension EventExporter {
    /// Where `destination`'s `.part` would resume for `plan` (nothing kept: 0, 0).
    public func resumePoint(_ plan: ExportPlan, at destination: ExportDestination) -> ExportJournal.ResumePoint {
        guard !destination.isStandardOutput, let journal = ExportJournal.load(from: destination.journal),
              let size = try? FileManager.default.attributesOfItem(atPath: destination.part.path)[.size] as? Int else {
            return .init(piece: 0, bytes: 0)
        }
        return journal.resumePoint(for: plan, partSize: size)
    }
}
