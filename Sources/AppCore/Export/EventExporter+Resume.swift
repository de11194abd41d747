import Foundation

extension EventExporter {
    /// Where `destination`'s `.part` would resume for `plan` (nothing kept: 0, 0).
    public func resumePoint(_ plan: ExportPlan, at destination: ExportDestination) -> ExportJournal.ResumePoint {
        guard let journal = ExportJournal.load(from: destination.journal),
              let size = try? FileManager.default.attributesOfItem(atPath: destination.part.path)[.size] as? Int else {
            return .init(piece: 0, bytes: 0)
        }
        return journal.resumePoint(for: plan, partSize: size)
    }

    /// Fails when the final file exists and `force` is off.
    public func checkFree(_ destination: ExportDestination, force: Bool) throws {
        if !force, FileManager.default.fileExists(atPath: destination.final.path) {
            throw ExportError("\(destination.final.path) exists: pass --force to overwrite it, or -o another path")
        }
    }
}
