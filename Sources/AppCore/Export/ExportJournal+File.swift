import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The journal file: a first line `eventplayer-export 1 <source> <event id>`, then one line per
/// piece written, `<bytes> <key>` (keys are URL paths: no spaces or newlines). Appending a line
/// is the only write while downloading; a torn last line (a crash mid-write) is ignored on load.
extension ExportJournal {
    static let magic = "eventplayer-export 1"

    /// The journal in `url`; nil when missing or not a journal.
    public static func load(from url: URL) -> ExportJournal? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.first, header.hasPrefix(magic + " ") else { return nil }
        let fields = header.dropFirst(magic.count + 1).split(separator: " ", maxSplits: 1)
        guard fields.count == 2, let source = ExportFormat(rawValue: String(fields[0])) else { return nil }
        var journal = ExportJournal(eventID: String(fields[1]), source: source)
        for line in lines.dropFirst() where data.last == 0x0A || line != lines.last {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let bytes = Int(parts[0]), bytes >= 0 else { break }
            journal.record(key: String(parts[1]), bytes: bytes)
        }
        return journal
    }

    /// Replaces `url` with this journal (at the start of a run).
    public func save(to url: URL) throws {
        var text = "\(Self.magic) \(source.rawValue) \(eventID)\n"
        for entry in entries { text += Self.line(entry) }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    /// Appends one piece's line to the journal at `url` (never through a symbolic link).
    public static func append(_ entry: Entry, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw ExportError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(line(entry).utf8))
    }

    static func line(_ entry: Entry) -> String {
        "\(entry.bytes) \(entry.key)\n"
    }
}
