/// Which events the user has reviewed (played to the end, or marked): a bounded set of ids that
/// keeps the newest ``capacity`` marks and forgets the oldest. A value: change it, then save it
/// (see `ReviewedMarks+File.swift`).
///
/// ```swift
/// var marks = ReviewedMarks.load(from: ReviewedMarks.fileURL(in: paths.state))
/// marks.mark("evt-endlist")
/// marks.isReviewed("evt-endlist")   // true
/// marks.toggle("evt-endlist")       // false: unmarked
/// try marks.save(to: ReviewedMarks.fileURL(in: paths.state))
/// ```
public struct ReviewedMarks: Sendable, Equatable {
    /// The most ids kept; marking one more forgets the oldest mark.
    public let capacity: Int
    /// Marked ids, oldest mark first.
    public private(set) var ids: [String] = []
    private var set: Set<String> = []

    /// Ten thousand marks: a year of a busy camera's events in well under a megabyte.
    public static let defaultCapacity = 10_000

    public init(capacity: Int = ReviewedMarks.defaultCapacity, ids: [String] = []) {
        self.capacity = max(1, capacity)
        for id in ids { mark(id) }
    }

    public func isReviewed(_ id: String) -> Bool {
        set.contains(id)
    }

    /// Marks `id` as reviewed (again: it becomes the newest mark).
    public mutating func mark(_ id: String) {
        if set.contains(id) { ids.removeAll { $0 == id } }
        ids.append(id)
        set.insert(id)
        if ids.count > capacity {
            let dropped = ids.prefix(ids.count - capacity)
            dropped.forEach { set.remove($0) }
            ids.removeFirst(dropped.count)
        }
    }

    /// Removes the mark of `id`.
    public mutating func unmark(_ id: String) {
        guard set.remove(id) != nil else { return }
        ids.removeAll { $0 == id }
    }

    /// Marks or unmarks `id`; returns whether it is reviewed now.
    @discardableResult
    public mutating func toggle(_ id: String) -> Bool {
        if isReviewed(id) { unmark(id); return false }
        mark(id)
        return true
    }

    public var count: Int { ids.count }
}
