import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension EventExporter {
    /// Where `destination`'s `.part` would resume for `plan` (nothing kept: 0, 0).
    public func resumePoint(_ plan: ExportPlan, at destination: ExportDestination) -> ExportJournal.ResumePoint {
        guard !destination.isStandardOutput, let journal = ExportJournal.load(from: destination.journal),
              let size = try? FileManager.default.attributesOfItem(atPath: destination.part.path)[.size] as? Int else {
            return .init(piece: 0, bytes: 0)
        }
        return journal.resumePoint(for: plan, partSize: size)
    }

    /// Fails when something is under the final name and `force` is off, and, even with `force`,
    /// when it is not a regular file (a symbolic link, a FIFO, a device, a directory): `--force`
    /// replaces files only. Links are not followed (`lstat`).
    public func checkFree(_ destination: ExportDestination, force: Bool) throws {
        guard !destination.isStandardOutput else { return }
        var status = stat()
        guard lstat(destination.final.path, &status) == 0 else { return }
        let kind: String? = switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
        if let kind {
            throw ExportError("\(destination.final.path) is \(kind): --force replaces regular files only; -o another path")
        }
        if !force {
            throw ExportError("\(destination.final.path) exists: pass --force to overwrite it, or -o another path")
        }
    }
}
