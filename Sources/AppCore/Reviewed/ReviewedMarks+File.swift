import EventsAPI
import Foundation

extension ReviewedMarks {
    /// `reviewed.json` in the state directory (`~/.local/state/eventplayer`).
    public static func fileURL(in stateDirectory: URL) -> URL {
        stateDirectory.appending(path: "reviewed.json")
    }

    private struct FileBody: Codable {
        var version = 1
        /// Oldest mark first.
        var reviewed: [String]
    }

    /// The marks in `url`; none when the file is missing or unreadable (a damaged file is not
    /// fatal: the next save replaces it).
    public static func load(from url: URL, capacity: Int = ReviewedMarks.defaultCapacity) -> ReviewedMarks {
        guard let data = try? Data(contentsOf: url), let body = try? JSONDecoder().decode(FileBody.self, from: data) else {
            return ReviewedMarks(capacity: capacity)
        }
        return ReviewedMarks(capacity: capacity, ids: body.reviewed)
    }

    /// Writes the marks to `url`: mode 0600 in a 0700 directory, atomically (a reader sees the old
    /// file or the new one, never half of one).
    public func save(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try PrivateFile.write(try encoder.encode(FileBody(reviewed: ids)), to: url)
    }

    /// Reads the file, applies `change`, writes it back; returns the new marks. Reading first keeps
    /// marks another eventplayer process saved meanwhile.
    ///
    /// ```swift
    /// let marks = try ReviewedMarks.update(at: url) { $0.toggle("evt-fmp4") }
    /// ```
    @discardableResult
    public static func update(at url: URL, capacity: Int = ReviewedMarks.defaultCapacity,
                              _ change: (inout ReviewedMarks) -> Void) throws -> ReviewedMarks {
        var marks = load(from: url, capacity: capacity)
        change(&marks)
        try marks.save(to: url)
        return marks
    }
}
