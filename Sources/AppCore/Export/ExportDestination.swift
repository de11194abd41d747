import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where an export goes: the final file, and beside it the `.part` it is downloaded into and the
/// `.part.json` journal that lets a rerun resume. Nothing appears under the final name until the
/// export is complete.
///
/// ```swift
/// let destination = ExportDestination(output: "/tmp/clips", defaultName: "Garage_2026-11-20_14-02-05.ts")
/// destination.final.path   // "/tmp/clips/Garage_2026-11-20_14-02-05.ts"
/// destination.part.path    // "/tmp/clips/Garage_2026-11-20_14-02-05.ts.part"
/// ```
public struct ExportDestination: Sendable, Equatable {
    /// The finished file.
    public var final: URL

    /// True for `-o -`: the stream goes to standard output (no `.part`, no journal, no resume).
    public var isStandardOutput: Bool { final == Self.standardOutputURL }

    /// What `-o -` names.
    public static let standardOutputURL = URL(filePath: "/dev/stdout")

    /// `output` is `-o`: nil (the current directory), an existing directory, a file path, or `-`
    /// (standard output).
    public init(output: String?, defaultName: String, currentDirectory: URL = URL(filePath: FileManager.default.currentDirectoryPath)) {
        if output == "-" {
            final = Self.standardOutputURL
            return
        }
        guard let output, !output.isEmpty else {
            final = currentDirectory.appending(path: defaultName)
            return
        }
        let url = output.hasPrefix("/") ? URL(filePath: output) : currentDirectory.appending(path: output)
        var isDirectory: ObjCBool = false
        if output.hasSuffix("/") || (FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            final = url.appending(path: defaultName)
        } else {
            final = url
        }
    }

    public init(final: URL) {
        self.final = final
    }

    /// The file being downloaded (the source's container).
    public var part: URL { sibling(".part") }
    /// What has been downloaded into ``part``, segment by segment.
    public var journal: URL { sibling(".part.json") }
    /// ffmpeg's output while remuxing.
    public var remux: URL { sibling(".remux.part") }

    private func sibling(_ suffix: String) -> URL {
        final.deletingLastPathComponent().appending(path: final.lastPathComponent + suffix)
    }

    /// The one overwrite rule, for `eventplayer export` and the TUI's `e` (which never forces):
    /// fails when something is under the final name and `force` is off (``ExportRemedy/overwrite``),
    /// and, even with `force`, when it is not a regular file (a symbolic link, a FIFO, a device, a
    /// directory: ``ExportRemedy/neverReplaced``). Links are not followed (`lstat`), so a dangling
    /// link counts. Standard output is always free.
    public func checkFree(force: Bool) throws(ExportError) {
        guard !isStandardOutput else { return }
        var status = stat()
        guard lstat(final.path, &status) == 0 else { return }
        let kind: String? = switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFLNK: "a symbolic link"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFDIR: "a directory"
        default: "not a regular file"
        }
        if let kind { throw ExportError("\(final.path) is \(kind)", remedy: .neverReplaced) }
        if !force { throw ExportError("\(final.path) exists", remedy: .overwrite) }
    }
}
